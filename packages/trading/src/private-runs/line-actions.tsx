// What a dealer does with one line of the run: confirm a quote the parser was unsure of, correct
// it (bond, side, yield or price, size), dismiss it, or send it to an exchange RFQ. A refusal's
// message is handed up to the tab, which shows it in place.
import { failureOf } from '@bonds/api-client'
import { MESSAGES, RFQ_VENUE_NAMES, type PrivateRunLine, type RfqExchange } from '@bonds/domain'
import {
  Button,
  Group,
  Menu,
  NumberInput,
  Popover,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core'
import { formatPrice, formatYield } from '@bonds/ui-kit'
import { useState } from 'react'
import {
  useConfirmRunLineMutation,
  useCorrectRunLineMutation,
  useDismissRunLineMutation,
  useSendRunLineToRfqMutation,
} from './api.ts'
import { canSendToRfq, sideWord } from './model.ts'

/** The message of a failed write, for the screen: the server's words for a 4xx (spec section 8). */
export function refusalOf(error: unknown): string {
  const failure = failureOf(error)
  if (!failure || failure.status === undefined || failure.status >= 500) {
    return MESSAGES.genericError
  }
  const body = failure.body as { message?: unknown } | null
  const said = typeof body?.message === 'string' && body.message.trim() ? body.message : undefined
  return Object.values(failure.fields)[0] ?? said ?? MESSAGES.generic4xx
}

/** Props of LineActions. */
export interface LineActionsProps {
  line: PrivateRunLine
  /** The exchanges the caller's firm trades RFQs on. */
  exchanges: readonly RfqExchange[]
  onRefused: (message: string) => void
}

const CRORE = 10_000_000

function CorrectForm({
  line,
  onDone,
  onRefused,
}: {
  line: PrivateRunLine
  onDone: () => void
  onRefused: (message: string) => void
}) {
  const [correct, { isLoading }] = useCorrectRunLineMutation()
  const [bond, setBond] = useState(line.isin ?? '')
  const [side, setSide] = useState(line.quote_type)
  const [level, setLevel] = useState<number | string>(
    line.yield !== null ? Number((line.yield * 100).toFixed(4)) : (line.price ?? ''),
  )
  const [crores, setCrores] = useState<number | string>(
    line.quantum !== null ? line.quantum / CRORE : '',
  )
  const isYield = line.price === null
  const save = async () => {
    const value = typeof level === 'number' ? level : Number(level)
    const size = typeof crores === 'number' ? crores : crores === '' ? null : Number(crores)
    try {
      await correct({
        id: line.id,
        ...(bond && bond !== line.isin ? { finstrument_id: bond } : {}),
        quote_type: side,
        ...(isYield ? { yield: Number((value / 100).toFixed(6)) } : { price: value }),
        quantum: size === null ? null : Math.round(size * CRORE),
      }).unwrap()
      onDone()
    } catch (error) {
      onRefused(refusalOf(error))
    }
  }
  return (
    <Stack gap="xs" w={240}>
      <TextInput
        size="xs"
        label="Bond (ISIN)"
        value={bond}
        onChange={(e) => setBond(e.currentTarget.value.toUpperCase())}
      />
      <SegmentedControl
        size="xs"
        value={side}
        onChange={(value) => setSide(value as PrivateRunLine['quote_type'])}
        data={[
          { value: 'BID', label: 'Bid' },
          { value: 'ASK', label: 'Offer' },
        ]}
        aria-label="Side"
      />
      <NumberInput
        size="xs"
        label={isYield ? 'Yield (%)' : 'Price (per ₹100)'}
        value={level}
        onChange={setLevel}
        decimalScale={4}
        min={0}
      />
      <NumberInput
        size="xs"
        label="Size (crore)"
        value={crores}
        onChange={setCrores}
        min={0}
        thousandSeparator=","
      />
      <Group justify="flex-end" gap="xs">
        <Button size="compact-xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button size="compact-xs" loading={isLoading} onClick={() => void save()}>
          Save
        </Button>
      </Group>
    </Stack>
  )
}

/** The buttons of one line. */
export function LineActions({ line, exchanges, onRefused }: LineActionsProps) {
  const [confirm, confirming] = useConfirmRunLineMutation()
  const [dismiss, dismissing] = useDismissRunLineMutation()
  const [send, sending] = useSendRunLineToRfqMutation()
  const [correcting, setCorrecting] = useState(false)
  const level =
    line.yield !== null
      ? formatYield(line.yield)
      : line.price !== null
        ? formatPrice(line.price)
        : ''
  const name =
    `${line.display_name ?? 'unknown bond'} ${sideWord(line).toLowerCase()} ${level}`.trim()
  const run = async (write: () => Promise<unknown>) => {
    try {
      await write()
    } catch (error) {
      onRefused(refusalOf(error))
    }
  }
  return (
    <Group gap={4} wrap="nowrap">
      {line.status === 'pending' ? (
        <Button
          size="compact-xs"
          aria-label={`Confirm ${name}`}
          loading={confirming.isLoading}
          onClick={() => void run(() => confirm(line.id).unwrap())}
        >
          Confirm
        </Button>
      ) : null}
      {canSendToRfq(line) && exchanges.length > 0 ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-xs" variant="light" loading={sending.isLoading}>
              Send to RFQ
            </Button>
          </Menu.Target>
          <Menu.Dropdown aria-label={`Send ${name} to RFQ`}>
            {exchanges.map((exchange) => (
              <Menu.Item
                key={exchange}
                onClick={() => void run(() => send({ id: line.id, exchange }).unwrap())}
              >
                {RFQ_VENUE_NAMES[exchange]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {line.rfq === null || line.rfq.state === 'cancelled' ? (
        <Popover opened={correcting} onChange={setCorrecting} trapFocus withinPortal>
          <Popover.Target>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={`Correct ${name}`}
              onClick={() => setCorrecting((open) => !open)}
            >
              Correct
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            {correcting ? (
              <CorrectForm line={line} onDone={() => setCorrecting(false)} onRefused={onRefused} />
            ) : null}
          </Popover.Dropdown>
        </Popover>
      ) : null}
      <Button
        size="compact-xs"
        variant="subtle"
        color="gray"
        aria-label={`Dismiss ${name}`}
        loading={dismissing.isLoading}
        onClick={() => void run(() => dismiss(line.id).unwrap())}
      >
        Dismiss
      </Button>
    </Group>
  )
}
