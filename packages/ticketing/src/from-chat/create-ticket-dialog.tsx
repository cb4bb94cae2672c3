// The "Create ticket from chat" modal: the message, then the ticket form with the terms read from
// it. Loaded when the viewer first presses "Create ticket" (the form's code is not part of the
// workspace's first load, issue 21).
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { Loader, Modal, Stack, Text } from '@mantine/core'
import type { TicketAnswer } from '../api/tickets.ts'
import {
  NewTicketForm,
  type NewTicketValues,
  type RenderBondPicker,
} from '../forms/new-ticket-form.tsx'

/** Props of CreateTicketDialog. */
export interface CreateTicketDialogProps {
  opened: boolean
  onClose: () => void
  channel: ChatChannel
  message: ChatMessage
  /** The form's first values, null while the quote is being read. */
  initial: Partial<NewTicketValues> | null
  /** No quote could be read from the message. */
  unread: boolean
  renderBondPicker: RenderBondPicker
  onCreated: (ticket: TicketAnswer) => void
  now?: () => Date
}

/** The modal with the prefilled ticket form. */
export function CreateTicketDialog(props: CreateTicketDialogProps) {
  const { opened, onClose, channel, message, initial, unread, renderBondPicker, now } = props
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
