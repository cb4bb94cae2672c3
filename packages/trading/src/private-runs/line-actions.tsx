// What a dealer does with one line of the run: confirm a quote the parser was unsure of, correct
// it (bond, side, yield or price, size), dismiss it, or send it to an exchange RFQ. A refusal's
// message is handed up to the tab, which shows it in place. The writes are the grid's (one set of
// the run's write hooks for every line, `useLineWrites`), not each line's: a line mounts buttons,
// not three store subscriptions, so a run streamed at socket rate mounts its new lines cheaply
// (decision 404).
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
import { useMemo, useState } from 'react'
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

/** A write a line's buttons make. */
export type LineWrite = 'confirm' | 'dismiss' | 'send'

/** The writes of a grid's lines: each settles once done, a refusal handed to `onRefused`. */
export interface LineWrites {
  confirm: (id: number) => Promise<void>
  dismiss: (id: number) => Promise<void>
  send: (id: number, exchange: RfqExchange) => Promise<void>
}

/** Nothing in flight. */
const IDLE: readonly LineWrite[] = []

/**
 * The writes of every line of a grid, and which lines have one in flight (a line's button shows
 * its write loading until it settles, several lines and writes at once).
 */
export function useLineWrites(onRefused: (message: string) => void): {
  writes: LineWrites
  busy: ReadonlyMap<number, readonly LineWrite[]>
} {
  const [confirm] = useConfirmRunLineMutation()
  const [dismiss] = useDismissRunLineMutation()
  const [send] = useSendRunLineToRfqMutation()
  const [busy, setBusy] = useState<ReadonlyMap<number, readonly LineWrite[]>>(() => new Map())
  const writes = useMemo(() => {
    const mark = (id: number, write: LineWrite, on: boolean) =>
      setBusy((before) => {
        const now = new Map(before)
        const left = (before.get(id) ?? IDLE).filter((w) => w !== write)
        const next = on ? [...left, write] : left
        if (next.length > 0) now.set(id, next)
        else now.delete(id)
        return now
      })
    const run = async (id: number, write: LineWrite, call: () => Promise<unknown>) => {
      mark(id, write, true)
      try {
        await call()
      } catch (error) {
        onRefused(refusalOf(error))
      } finally {
        mark(id, write, false)
      }
    }
    return {
      confirm: (id: number) => run(id, 'confirm', () => confirm(id).unwrap()),
      dismiss: (id: number) => run(id, 'dismiss', () => dismiss(id).unwrap()),
      send: (id: number, exchange: RfqExchange) =>
        run(id, 'send', () => send({ id, exchange }).unwrap()),
    }
  }, [confirm, dismiss, send, onRefused])
  return { writes, busy }
}

/**
 * A button's `loading`: true while its write is in flight, else left out, so an idle button
 * mounts no loader transition (Mantine's Button mounts one whenever `loading` is a boolean).
 */
const loadingOf = (busy: readonly LineWrite[], write: LineWrite) =>
  busy.includes(write) ? true : undefined

/** Props of LineActions. */
export interface LineActionsProps {
  line: PrivateRunLine
  /** The exchanges the caller's firm trades RFQs on. */
  exchanges: readonly RfqExchange[]
  onRefused: (message: string) => void
  /** The grid's writes (`useLineWrites`). */
  writes: LineWrites
  /** This line's writes in flight. */
  busy?: readonly LineWrite[] | undefined
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
export function LineActions({ line, exchanges, onRefused, writes, busy = IDLE }: LineActionsProps) {
  const [correcting, setCorrecting] = useState(false)
  // The menu mounts on the first press and stays (decision 404): a line mounts a button.
  const [menu, setMenu] = useState(false)
  const level =
    line.yield !== null
      ? formatYield(line.yield)
      : line.price !== null
        ? formatPrice(line.price)
        : ''
  const name =
    `${line.display_name ?? 'unknown bond'} ${sideWord(line).toLowerCase()} ${level}`.trim()
  return (
    <Group gap={4} wrap="nowrap">
      {line.status === 'pending' ? (
        <Button
          size="compact-xs"
          aria-label={`Confirm ${name}`}
          loading={loadingOf(busy, 'confirm')}
          onClick={() => void writes.confirm(line.id)}
        >
          Confirm
        </Button>
      ) : null}
      {canSendToRfq(line) && exchanges.length > 0 && !menu ? (
        <Button
          size="compact-xs"
          variant="light"
          aria-haspopup="menu"
          aria-expanded={false}
          loading={loadingOf(busy, 'send')}
          onClick={() => setMenu(true)}
        >
          Send to RFQ
        </Button>
      ) : null}
      {canSendToRfq(line) && exchanges.length > 0 && menu ? (
        <Menu position="bottom-end" withinPortal defaultOpened>
          <Menu.Target>
            <Button size="compact-xs" variant="light" loading={loadingOf(busy, 'send')}>
              Send to RFQ
            </Button>
          </Menu.Target>
          <Menu.Dropdown aria-label={`Send ${name} to RFQ`}>
            {exchanges.map((exchange) => (
              <Menu.Item key={exchange} onClick={() => void writes.send(line.id, exchange)}>
                {RFQ_VENUE_NAMES[exchange]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {(line.rfq === null || line.rfq.state === 'cancelled') && !correcting ? (
        // The form's popover mounts while it is open (decision 404): a line mounts a button.
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Correct ${name}`}
          aria-haspopup="dialog"
          aria-expanded={false}
          onClick={() => setCorrecting(true)}
        >
          Correct
        </Button>
      ) : null}
      {(line.rfq === null || line.rfq.state === 'cancelled') && correcting ? (
        <Popover opened onChange={setCorrecting} trapFocus withinPortal>
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
            <CorrectForm line={line} onDone={() => setCorrecting(false)} onRefused={onRefused} />
          </Popover.Dropdown>
        </Popover>
      ) : null}
      <Button
        size="compact-xs"
        variant="subtle"
        color="gray"
        aria-label={`Dismiss ${name}`}
        loading={loadingOf(busy, 'dismiss')}
        onClick={() => void writes.dismiss(line.id)}
      >
        Dismiss
      </Button>
    </Group>
  )
}
