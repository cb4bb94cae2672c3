// The open channel's messages: virtualised (only the rows in view are in the page), day
// separators, older messages loaded on scrolling to the top, the view kept at the bottom while it
// is there (20 px tolerance, spec section 9) and a button to jump to the latest. Texts and names
// are rendered as text, never HTML.
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { Anchor, Badge, Box, Button, Center, Group, Paper, Stack, Text } from '@mantine/core'
import { IconArrowDown, IconBell, IconChecks, IconCheck, IconClock } from '@tabler/icons-react'
import {
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { isBuzz } from '../model/buzz.ts'
import { memberMeta } from '../model/channel-rules.ts'
import { isAtBottom, memberDisplayName } from '../model/people.ts'
import type { OutgoingMessage } from '../port.ts'
import classes from './chat.module.css'
import { FileView } from './file-view.tsx'
import { MessageActions } from './message-actions.tsx'
import { chatTime, dayLabel } from './format.ts'
import { ESTIMATED_ROW, RowHeights, rowShape, ShapeHeights } from './row-heights.ts'
import { messageRows, olderPrefetchDistance, receiptOf, type MessageRow } from './rows.ts'
import { useChatSession } from './runtime.tsx'

/** The size a list takes before it is measured (and in a DOM without layout). */
const FALLBACK_RECT = { width: 480, height: 480 }

/** Observe a scroll element's size; a zero size (a hidden tab, a test DOM) counts as the fallback. */
export const observeRect: typeof observeElementRect = (instance, callback) =>
  observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : FALLBACK_RECT))

/** The shapes' heights of a chat session's lists (a channel opened again knows them at once). */
const shapesOfSession = new WeakMap<object, ShapeHeights>()

/** Props of MessageList. */
export interface MessageListProps {
  channel: ChatChannel
  messages: readonly ChatMessage[]
  outgoing: readonly OutgoingMessage[]
  me: string
  viewerIsStaff: boolean
  now?: number
}

/** Who wrote a message that came in from WhatsApp (a linked channel; decision 279). */
function whatsappSender(message: ChatMessage): string {
  try {
    const data = JSON.parse(message.data) as { name?: unknown; from?: unknown }
    const name = typeof data.name === 'string' && data.name ? data.name : `+${String(data.from)}`
    return `${name} (WhatsApp)`
  } catch {
    return 'WhatsApp'
  }
}

function senderName(channel: ChatChannel, message: ChatMessage, viewerIsStaff: boolean) {
  const sender = message.sender
  if (!sender) return message.customType === 'whatsapp' ? whatsappSender(message) : ''
  const member = channel.members.find((m) => m.userId === sender.userId)
  return member ? memberDisplayName(member, viewerIsStaff) : sender.nickname
}

const RECEIPT_TEXT = { read: 'Read', delivered: 'Delivered', sent: 'Sent' } as const

function Receipt({
  channel,
  message,
  me,
}: {
  channel: ChatChannel
  message: ChatMessage
  me: string
}) {
  const state = receiptOf(channel, message, me)
  const Icon = state === 'sent' ? IconCheck : IconChecks
  return (
    <Group
      gap={2}
      c={state === 'read' ? undefined : 'dimmed'}
      className={state === 'read' ? classes.read : undefined}
      aria-label={RECEIPT_TEXT[state]}
    >
      <Icon size={12} aria-hidden />
      <Text size="10px">{RECEIPT_TEXT[state]}</Text>
    </Group>
  )
}

/** A link's preview, fetched by the server (decision 276); shown as text, the link opens apart. */
function LinkPreview({ preview }: { preview: NonNullable<ChatMessage['ogMetaData']> }) {
  return (
    <Paper withBorder radius="sm" px="xs" py={4} mt={4} data-testid="link-preview">
      <Anchor
        href={preview.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        size="sm"
        fw={600}
        style={{ overflowWrap: 'anywhere' }}
      >
        {preview.title ?? preview.url}
      </Anchor>
      {preview.description ? (
        <Text size="xs" c="dimmed" lineClamp={3}>
          {preview.description}
        </Text>
      ) : null}
    </Paper>
  )
}

function MessageBubble(props: {
  channel: ChatChannel
  message: ChatMessage
  me: string
  viewerIsStaff: boolean
}) {
  const { channel, message, me, viewerIsStaff } = props
  if (message.messageType === 'admin') {
    return (
      <Center py={4}>
        <Text size="xs" c="dimmed" ta="center">
          {message.message}
        </Text>
      </Center>
    )
  }
  const mine = message.sender?.userId === me
  const name = senderName(channel, message, viewerIsStaff)
  const buzz = isBuzz(message)
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} px="sm" py={2} wrap="nowrap">
      <Paper
        px="xs"
        py={4}
        radius="md"
        maw="75%"
        withBorder={!mine}
        bg={mine ? 'var(--mantine-primary-color-light)' : undefined}
        data-message-id={message.messageId}
      >
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Text size="xs" fw={600}>
            {mine ? 'You' : name}
          </Text>
          {message.isBrokerToBroker ? (
            <Badge size="xs" variant="light" color="grape">
              Broker to broker
            </Badge>
          ) : null}
        </Group>
        {buzz ? (
          <Group gap={4}>
            <IconBell size={14} aria-hidden />
            <Text size="sm" fs="italic">
              {mine ? 'You buzzed' : `${name} buzzed`}
            </Text>
          </Group>
        ) : message.messageType === 'file' ? (
          <FileView message={message} />
        ) : (
          <>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.message}
            </Text>
            {message.ogMetaData ? <LinkPreview preview={message.ogMetaData} /> : null}
          </>
        )}
        <Group gap={6} justify="flex-end">
          {buzz ? null : <MessageActions channel={channel} message={message} me={me} />}
          <Text size="10px" c="dimmed" ff="monospace">
            {chatTime(message.createdAt)}
          </Text>
          {mine ? <Receipt channel={channel} message={message} me={me} /> : null}
        </Group>
      </Paper>
    </Group>
  )
}

function OutgoingBubble({ outgoing }: { outgoing: OutgoingMessage }) {
  const session = useChatSession()
  const failed = outgoing.state === 'failed'
  return (
    <Group justify="flex-end" px="sm" py={2}>
      <Paper px="xs" py={4} radius="md" maw="75%" withBorder opacity={failed ? 1 : 0.7}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {outgoing.preview}
        </Text>
        <Group gap={6} justify="flex-end">
          {failed ? (
            <>
              <Text size="xs" c="red">
                Not sent{outgoing.error ? `: ${outgoing.error}` : ''}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                onClick={() => void session.retry(outgoing.reqId).done.catch(() => {})}
              >
                Retry
              </Button>
            </>
          ) : (
            <Group gap={2} c="dimmed" aria-label="Sending">
              <IconClock size={12} aria-hidden />
              <Text size="10px">Sending</Text>
            </Group>
          )}
        </Group>
      </Paper>
    </Group>
  )
}

/**
 * One row. Memoised: rows above the view are measured one by one as the reader scrolls up, and each
 * measurement re-renders the list; unchanged rows are not drawn again.
 */
const Row = memo(function Row(props: {
  /** A stored message (with its day separator's time when it is the day's first) or my send: a
   * row's parts, not the row object, which is made anew when a page of older messages comes in. */
  day?: number
  message?: ChatMessage
  outgoing?: OutgoingMessage
  channel: ChatChannel
  me: string
  viewerIsStaff: boolean
  now: number
}) {
  if (props.outgoing) return <OutgoingBubble outgoing={props.outgoing} />
  if (!props.message) return null
  return (
    <>
      {props.day !== undefined ? (
        <Center py={6} role="separator" aria-label={dayLabel(props.day, props.now)}>
          <Badge variant="default" size="sm" radius="sm">
            {dayLabel(props.day, props.now)}
          </Badge>
        </Center>
      ) : null}
      <MessageBubble
        channel={props.channel}
        message={props.message}
        me={props.me}
        viewerIsStaff={props.viewerIsStaff}
      />
    </>
  )
})

/** A row's parts as the memoised Row takes them. */
function rowParts(row: MessageRow) {
  if (row.kind === 'outgoing') return { outgoing: row.outgoing }
  return { message: row.message, day: row.day }
}

/** The open channel's messages. */
export function MessageList({
  channel,
  messages,
  outgoing,
  me,
  viewerIsStaff,
  now,
}: MessageListProps) {
  const session = useChatSession()
  const scroller = useRef<HTMLDivElement>(null)
  const rows = useMemo(() => messageRows(messages, outgoing), [messages, outgoing])
  const [atBottom, setAtBottom] = useState(true)
  const loadingOlder = useRef(false)
  // Rows of a known shape are estimated at their exact height, so measuring them moves nothing.
  const heights = useRef<RowHeights>(null)
  if (!heights.current) {
    const shapes = shapesOfSession.get(session) ?? new ShapeHeights()
    shapesOfSession.set(session, shapes)
    heights.current = new RowHeights(shapes)
  }
  const widthRef = useRef(FALLBACK_RECT.width)
  const viewerRef = useRef({ channel, me })
  viewerRef.current = { channel, me }
  const shapeOf = useCallback(
    (index: number) => () => {
      const row = rows[index]
      const { channel: open, me: viewer } = viewerRef.current
      return row ? rowShape(row, open, viewer, widthRef.current) : null
    },
    [rows],
  )
  // Stable between renders of the same rows: a new key function makes the virtualiser lay out
  // every row again.
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows])
  const estimateSize = useCallback(
    (index: number) => heights.current!.estimate(getItemKey(index), shapeOf(index)),
    [getItemKey, shapeOf],
  )
  const measureRow = useCallback(
    (
      element: HTMLDivElement,
      entry: ResizeObserverEntry | undefined,
      instance: Virtualizer<HTMLDivElement, HTMLDivElement>,
    ) => {
      const size = measureElement(element, entry, instance)
      const index = instance.indexFromElement(element)
      heights.current!.learn(getItemKey(index), shapeOf(index), size)
      return size
    },
    [getItemKey, shapeOf],
  )
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    measureElement: measureRow,
    overscan: 8,
    getItemKey,
    // Older rows put in front keep the reader where they were: the virtualiser moves the view by
    // as much as the row at its top moved, in the same render (no frame of the wrong rows).
    anchorTo: 'end',
    observeElementRect: observeRect,
    initialRect: FALLBACK_RECT,
    // A channel opens at its latest message: the first render already draws the rows at the end
    // (from the top, a cached channel's first frame showed its oldest rows and the latest came a
    // frame later, after the scroll to the end was read back).
    initialOffset: () => Math.max(0, rows.length * ESTIMATED_ROW - FALLBACK_RECT.height),
  })
  widthRef.current = virtualizer.scrollRect?.width || FALLBACK_RECT.width

  // Pinned to the latest message: on opening a channel, and while the reader is at the bottom.
  // Kept by the list's real height (rows are measured after they render, so scrolling to the last
  // row's estimated place stopped short of it), and left only when the reader scrolls up.
  const pinned = useRef(true)
  const lastScrollTop = useRef(0)
  const scrollToLatest = useCallback(() => {
    const element = scroller.current
    if (!element) return
    element.scrollTop = element.scrollHeight
    lastScrollTop.current = element.scrollTop
  }, [])

  // New rows at the end: stay at the bottom when there (or after my own send).
  const lastKey = rows.at(-1)?.key
  const mineLast = rows.at(-1)?.kind === 'outgoing'
  useLayoutEffect(() => {
    if (mineLast) pinned.current = true
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastKey])
  const totalSize = virtualizer.getTotalSize()
  useLayoutEffect(() => {
    if (pinned.current) scrollToLatest()
  }, [totalSize, lastKey, scrollToLatest])

  // A channel opens at its latest message.
  useEffect(() => {
    pinned.current = true
    setAtBottom(true)
    requestAnimationFrame(() => scrollToLatest())
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel.url])

  const onScroll = () => {
    const element = scroller.current
    if (!element) return
    const bottom = isAtBottom(element)
    // Only the reader scrolling up unpins; the list growing under a pinned view does not.
    if (element.scrollTop < lastScrollTop.current - 2) pinned.current = bottom
    else if (bottom) pinned.current = true
    lastScrollTop.current = element.scrollTop
    setAtBottom(pinned.current || bottom)
    // The next older page is asked for before the top is reached once the reader scrolls up
    // (a page of 100 is some 5,000 px: they keep reading while it comes); pinned to the latest,
    // only at the top (a channel's opening does not fetch a second page).
    const nearTop = pinned.current ? 40 : olderPrefetchDistance(element.clientHeight)
    if (element.scrollTop < nearTop && !loadingOlder.current && rows.length > 0) {
      loadingOlder.current = true
      void session.loadPrevious().finally(() => {
        loadingOlder.current = false
      })
    }
  }

  const items = virtualizer.getVirtualItems()
  // "Today" and "Yesterday" against the time the messages last changed: one value for all rows, so
  // a re-render for a measurement does not make every row new.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const today = useMemo(() => now ?? Date.now(), [now, messages])
  const viewerMeta = channel.members.find((m) => m.userId === me)
  const staff = viewerMeta ? memberMeta(viewerMeta).isStaff : viewerIsStaff
  return (
    <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={`Messages of ${channel.name}`}
        aria-live="polite"
        tabIndex={0}
        style={{ height: '100%', overflowY: 'auto', contain: 'strict' }}
      >
        {rows.length === 0 ? (
          <Center h="100%">
            <Text size="sm" c="dimmed">
              No messages yet. Say hello.
            </Text>
          </Center>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
            <Stack
              gap={0}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${items[0]?.start ?? 0}px)`,
              }}
            >
              {items.map((item) => {
                const row = rows[item.index]
                if (!row) return null
                return (
                  <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
                    <Row
                      {...rowParts(row)}
                      channel={channel}
                      me={me}
                      viewerIsStaff={staff}
                      now={today}
                    />
                  </div>
                )
              })}
            </Stack>
          </div>
        )}
      </div>
      {!atBottom ? (
        <Button
          size="compact-sm"
          radius="xl"
          variant="filled"
          leftSection={<IconArrowDown size={14} aria-hidden />}
          onClick={() => {
            pinned.current = true
            scrollToLatest()
            setAtBottom(true)
          }}
          style={{ position: 'absolute', bottom: 8, right: 16 }}
        >
          Jump to latest
        </Button>
      ) : null}
    </Box>
  )
}
