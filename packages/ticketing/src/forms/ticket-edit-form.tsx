// Editing a ticket's terms (`PATCH api/chatter/trade/{id}/`), validated on the client with the
// domain's `ticketUpdateSchema` (section 5's messages) and sent with the version the user saw.
import { ticketUpdateSchema, type Ticket } from '@bonds/domain'
import { serverFieldErrorsOf, toast, zodFormValidate } from '@bonds/ui-kit'
import { Alert, Button, Checkbox, Group, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useUpdateTicketMutation } from '../api/tickets.ts'
import { writeFailure } from '../model/failure.ts'
import { TermsFields, termsBody, type TermsValues } from './terms-fields.tsx'

interface EditValues extends TermsValues {
  send_to_clients: boolean
}

/** Props of TicketEditForm. */
export interface TicketEditFormProps {
  ticket: Ticket
  /** Saved (or given up). */
  onDone: () => void
  /** The ticket moved under the user (409): its message; the ticket is fetched again. */
  onConflict: (message: string) => void
  /** "Now", for the trade-time rule (tests and stories). */
  now?: () => Date
}

/** The edit form of a ticket's terms. */
export function TicketEditForm({ ticket, onDone, onConflict, now }: TicketEditFormProps) {
  const schema = ticketUpdateSchema(now)
  const [update, { isLoading }] = useUpdateTicketMutation()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<EditValues>({
    initialValues: {
      quantum: String(ticket.quantum),
      fixed: ticket.fixed_field === 'yield' && ticket.bond_yield !== null ? 'yield' : 'price',
      unit_clean_price: String(ticket.unit_clean_price),
      bond_yield:
        ticket.bond_yield === null ? '' : String(Number((ticket.bond_yield * 100).toFixed(4))),
      settlement_date: ticket.settlement_date,
      trade_time: ticket.trade_time,
      exchange: ticket.exchange,
      send_to_clients: false,
    },
    validate: (values) => zodFormValidate(schema)(termsBody(values)),
  })

  async function submit(values: EditValues) {
    const parsed = schema.parse({
      ...termsBody(values),
      version: ticket.version,
      send_to_clients: values.send_to_clients,
    })
    setFailure(null)
    try {
      await update({ id: ticket.id, body: parsed }).unwrap()
      toast.success(values.send_to_clients ? 'Ticket saved and sent' : 'Ticket saved')
      onDone()
    } catch (caught) {
      const failed = writeFailure(caught)
      if (failed.conflict) {
        onConflict(failed.message)
        return
      }
      form.setErrors(serverFieldErrorsOf((caught as { body?: unknown }).body))
      setFailure(failed.message)
    }
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} aria-label="Edit terms">
      <Stack gap="sm">
        <TermsFields form={form} />
        <Checkbox
          label="Send to the counterparty after saving"
          {...form.getInputProps('send_to_clients', { type: 'checkbox' })}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Discard changes
          </Button>
          <Button type="submit" loading={isLoading}>
            Save terms
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
