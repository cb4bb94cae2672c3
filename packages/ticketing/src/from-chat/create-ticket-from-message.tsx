// "Create ticket" under a trading group's message: the desk parser reads the quote in it, the
// form opens with its terms and the group's other firm as counterparty, and the ticket is made
// from the message (`POST api/chatter/trade/` with channel_url and message_id; a 200 answers the
// ticket already made from it).
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { Button } from '@mantine/core'
import { IconTicket } from '@tabler/icons-react'
import { lazyWithPreload } from '@bonds/ui-kit'
import { Suspense, useState } from 'react'
import { useParseQuoteMutation, type TicketAnswer } from '../api/tickets.ts'
import type { NewTicketValues, RenderBondPicker } from '../forms/new-ticket-form.tsx'
import { indiaNow } from '../model/clock.ts'
import { chatCounterparty, valuesFromQuote } from '../model/from-chat.ts'

// The modal and its form are loaded when first opened: the button sits under every trading
// group's message of the Chat tab, which the workspace shows at first load (issue 21).
const CreateTicketDialog = lazyWithPreload(() =>
  import('./create-ticket-dialog.tsx').then((m) => ({ default: m.CreateTicketDialog })),
)

/** Props of CreateTicketFromMessage. */
export interface CreateTicketFromMessageProps {
  channel: ChatChannel
  message: ChatMessage
  /** The viewer's firm (the counterparty is the group's other firm). */
  myClientId: string
  renderBondPicker: RenderBondPicker
  /** The ticket was made (or already existed). */
  onCreated?: (ticket: TicketAnswer) => void
  now?: () => Date
}

/** A "Create ticket" button that opens the prefilled ticket form. */
export function CreateTicketFromMessage(props: CreateTicketFromMessageProps) {
  const { channel, message, myClientId, renderBondPicker, onCreated, now } = props
  const [opened, setOpened] = useState(false)
  // Mounted from the first opening on, so the modal's closing transition runs.
  const [mounted, setMounted] = useState(false)
  const [initial, setInitial] = useState<Partial<NewTicketValues> | null>(null)
  const [unread, setUnread] = useState(false)
  const [parse] = useParseQuoteMutation()

  async function open() {
    setMounted(true)
    setOpened(true)
    setInitial(null)
    setUnread(false)
    const counterparty = chatCounterparty(channel, message, myClientId)
    const senderIsUs = !channel.members.some(
      (m) => m.userId === message.sender?.userId && m.metaData.client_id !== myClientId,
    )
    const today = indiaNow(now ? now() : new Date()).date
    // The deal was done when the message was sent (today's message), not when the form opens.
    const sent = Number.isFinite(message.createdAt) ? indiaNow(new Date(message.createdAt)) : null
    let quote
    try {
      quote = (await parse(message.message).unwrap()).quotes[0]
    } catch {
      quote = undefined
    }
    setUnread(!quote)
    setInitial({
      ...(sent?.date === today ? { trade_time: sent.time } : {}),
      ...valuesFromQuote(quote, senderIsUs, today, message.message),
      ...(counterparty ? { counterparty } : {}),
    })
  }

  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconTicket size={12} aria-hidden />}
        onPointerEnter={() => void CreateTicketDialog.preload()}
        onFocus={() => void CreateTicketDialog.preload()}
        onClick={() => void open()}
        aria-label={`Create ticket from this message: ${message.message.slice(0, 60)}`}
      >
        Create ticket
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <CreateTicketDialog
            opened={opened}
            onClose={() => setOpened(false)}
            channel={channel}
            message={message}
            initial={initial}
            unread={unread}
            renderBondPicker={renderBondPicker}
            onCreated={(ticket) => {
              setOpened(false)
              onCreated?.(ticket)
            }}
            {...(now ? { now } : {})}
          />
        </Suspense>
      ) : null}
    </>
  )
}
