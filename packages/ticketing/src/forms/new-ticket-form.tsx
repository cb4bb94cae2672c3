// A ticket made by hand (`POST api/chatter/trade/manual-ticket/`): bond, counterparty, side and the
// terms, validated on the client with the domain's `ticketCreateSchema` (section 5's messages).
import { ticketCreateSchema, type TradeSide } from '@bonds/domain'
import { serverFieldErrorsOf, toast, zodFormValidate } from '@bonds/ui-kit'
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState, type ReactNode } from 'react'
import {
  useCreateManualTicketMutation,
  useCreateTicketMutation,
  type TicketAnswer,
} from '../api/tickets.ts'
import { defaultSettlement, indiaNow } from '../model/clock.ts'
import { writeFailure } from '../model/failure.ts'
import { CounterpartySelect, type Counterparty } from './counterparty-select.tsx'
import { TermsFields, termsBody, type TermsValues } from './terms-fields.tsx'

/** A bond as the picker hands it over. */
export interface PickedBond {
  finstrument_id: string
  display_name: string
}

/** A bond picker the app provides (features do not import each other): calls `onPick`. */
export type RenderBondPicker = (onPick: (bond: PickedBond) => void) => ReactNode

/** The new ticket form's values. */
export interface NewTicketValues extends TermsValues {
  bond: PickedBond | null
  counterparty: Counterparty | null
  buy_or_sell: TradeSide
}

/** The chat message a ticket is made from (`POST api/chatter/trade/`). */
export interface TicketChatSource {
  channel_url: string
  message_id: number
}

/** Props of NewTicketForm. */
export interface NewTicketFormProps {
  renderBondPicker: RenderBondPicker
  onCreated: (ticket: TicketAnswer) => void
  onCancel: () => void
  now?: () => Date
  /** Values read from elsewhere (a chat quote). */
  initial?: Partial<NewTicketValues>
  /** Made from this chat message instead of by hand. */
  source?: TicketChatSource
}

/** The schema's message for a ticket without a counterparty. */
const COUNTERPARTY_REQUIRED = 'Counterparty is required'

/** The request a form's values make (before validation). */
function createBody(values: NewTicketValues) {
  return {
    ...termsBody(values),
    finstrument_id: values.bond?.finstrument_id ?? '',
    buy_or_sell: values.buy_or_sell,
    ...(values.counterparty
      ? values.counterparty.user_id
        ? {
            counterparty_client_id: values.counterparty.client_id,
            counterparty_user_id: values.counterparty.user_id,
          }
        : { counterparty_client_id: values.counterparty.client_id }
      : {}),
  }
}

/** The "New ticket" form. */
export function NewTicketForm({
  renderBondPicker,
  onCreated,
  onCancel,
  now,
  initial,
  source,
}: NewTicketFormProps) {
  const schema = ticketCreateSchema(now)
  const at = now ? now() : new Date()
  const today = indiaNow(at)
  // T+0 before the close on a settlement day, else the next settlement day (said under the field).
  const settlement = defaultSettlement(at)
  const [createManual, { isLoading: creatingManual }] = useCreateManualTicketMutation()
  const [createFromChat, { isLoading: creatingFromChat }] = useCreateTicketMutation()
  const isLoading = creatingManual || creatingFromChat
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<NewTicketValues>({
    initialValues: {
      bond: null,
      counterparty: null,
      buy_or_sell: 'buy',
      quantum: '',
      fixed: 'price',
      unit_clean_price: '',
      bond_yield: '',
      settlement_date: settlement.date,
      trade_time: today.time,
      exchange: 'NSE',
      ...initial,
    },
    validate: (values) => {
      const errors = zodFormValidate(schema)(createBody(values))
      return {
        ...errors,
        ...(errors.finstrument_id ? { bond: 'Choose a bond' } : {}),
        // The schema's whole-ticket rules wait for the fields; say what is missing at once.
        ...(errors.counterparty_client_id || !values.counterparty
          ? { counterparty: errors.counterparty_client_id ?? COUNTERPARTY_REQUIRED }
          : {}),
      }
    },
  })
  const values = form.values

  async function submit(values: NewTicketValues) {
    setFailure(null)
    try {
      const body = schema.parse(createBody(values))
      const ticket = source
        ? await createFromChat({ ...body, ...source }).unwrap()
        : await createManual(body).unwrap()
      if (ticket.status === 200) {
        toast.info(
          'This message already has a ticket',
          `Ticket #${ticket.id} was made from it before; it is in the Ticketing tab.`,
        )
      } else {
        toast.success('Ticket created', `${ticket.display_name}, ticket #${ticket.id}`)
      }
      onCreated(ticket)
    } catch (caught) {
      const failed = writeFailure(caught)
      const fields = serverFieldErrorsOf((caught as { body?: unknown }).body)
      form.setErrors({
        ...fields,
        ...(fields.counterparty_client_id ? { counterparty: fields.counterparty_client_id } : {}),
        ...(fields.finstrument_id ? { bond: fields.finstrument_id } : {}),
      })
      setFailure(failed.message)
    }
  }

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} aria-label="New ticket">
      <Stack gap="sm">
        <Stack gap={4}>
          {renderBondPicker((bond) => form.setFieldValue('bond', bond))}
          {values.bond ? (
            <Text size="sm">
              Bond: <strong>{values.bond.display_name}</strong>
            </Text>
          ) : null}
          {form.errors.bond ? (
            <Text size="xs" c="red" role="alert">
              {form.errors.bond}
            </Text>
          ) : null}
        </Stack>
        <CounterpartySelect
          value={values.counterparty}
          onChange={(c) => form.setFieldValue('counterparty', c)}
          error={
            typeof form.errors.counterparty === 'string' ? form.errors.counterparty : undefined
          }
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="new-ticket-side">
            Your side
          </Text>
          <SegmentedControl
            aria-labelledby="new-ticket-side"
            size="xs"
            data={[
              { value: 'buy', label: 'Buy' },
              { value: 'sell', label: 'Sell' },
            ]}
            {...form.getInputProps('buy_or_sell')}
          />
        </Stack>
        <TermsFields
          form={form}
          settlementNote={
            !initial?.settlement_date && values.settlement_date === settlement.date
              ? settlement.note
              : null
          }
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Close
          </Button>
          <Button type="submit" loading={isLoading}>
            Create ticket
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
