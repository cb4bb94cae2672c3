// The "Create ticket from chat" modal: the message, then the ticket form with the terms read from
// it. Loaded when the viewer first reaches for "Create ticket": the form's code, the quote parser's
// endpoint and the reading of the message are not part of the workspace's first load (issue 21).
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { Loader, Modal, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useParseQuoteMutation, type TicketAnswer } from '../api/tickets.ts'
import {
  NewTicketForm,
  type NewTicketValues,
  type RenderBondPicker,
} from '../forms/new-ticket-form.tsx'
import { indiaNow } from '../model/clock.ts'
import { chatCounterparty, valuesFromQuote } from '../model/from-chat.ts'

/** Props of CreateTicketDialog. */
export interface CreateTicketDialogProps {
  opened: boolean
  /** Counts the openings: each one reads the message's quote afresh. */
  openings: number
  onClose: () => void
  channel: ChatChannel
  message: ChatMessage
  /** The viewer's firm (the counterparty is the group's other firm). */
  myClientId: string
  renderBondPicker: RenderBondPicker
  onCreated: (ticket: TicketAnswer) => void
  now?: () => Date
}

/** The modal with the ticket form, prefilled from the message's quote on each opening. */
export function CreateTicketDialog(props: CreateTicketDialogProps) {
  const { opened, openings, onClose, channel, message, myClientId, renderBondPicker, now } = props
  // The form's first values, null while the quote is being read; unread: no quote in it.
  const [initial, setInitial] = useState<Partial<NewTicketValues> | null>(null)
  const [unread, setUnread] = useState(false)
  const [parse] = useParseQuoteMutation()

  useEffect(() => {
    let current = true
    setInitial(null)
    setUnread(false)
    const counterparty = chatCounterparty(channel, message, myClientId)
    const senderIsUs = !channel.members.some(
      (m) => m.userId === message.sender?.userId && m.metaData.client_id !== myClientId,
    )
    const today = indiaNow(now ? now() : new Date()).date
    // The deal was done when the message was sent (today's message), not when the form opens.
    const sent = Number.isFinite(message.createdAt) ? indiaNow(new Date(message.createdAt)) : null
    void parse(message.message)
      .unwrap()
      .then(
        (answer) => answer.quotes[0],
        () => undefined,
      )
      .then((quote) => {
        if (!current) return
        setUnread(!quote)
        setInitial({
          ...(sent?.date === today ? { trade_time: sent.time } : {}),
          ...valuesFromQuote(quote, senderIsUs, today, message.message),
          ...(counterparty ? { counterparty } : {}),
        })
      })
    return () => {
      current = false
    }
    // Read once per opening: the message and channel are those of the button that opened it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openings])

  return (
    <Modal opened={opened} onClose={onClose} title="Create ticket from chat" size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {message.message}
        </Text>
        {initial === null ? (
          <Loader size="sm" aria-label="Reading the quote" />
        ) : (
          <>
            {unread ? (
              <Text size="sm" role="status">
                No quote could be read from this message; fill the terms in.
              </Text>
            ) : null}
            <NewTicketForm
              renderBondPicker={renderBondPicker}
              initial={initial}
              source={{ channel_url: channel.url, message_id: message.messageId }}
              onCancel={onClose}
              onCreated={props.onCreated}
              {...(now ? { now } : {})}
            />
          </>
        )}
      </Stack>
    </Modal>
  )
}
