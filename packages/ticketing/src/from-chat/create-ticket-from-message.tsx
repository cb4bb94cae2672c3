// "Create ticket" under a trading group's message: the desk parser reads the quote in it, the
// form opens with its terms and the group's other firm as counterparty, and the ticket is made
// from the message (`POST api/chatter/trade/` with channel_url and message_id; a 200 answers the
// ticket already made from it).
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { Button } from '@mantine/core'
import { IconTicket } from '@tabler/icons-react'
import { lazyWithPreload } from '@bonds/ui-kit'
import { Suspense, useState } from 'react'
import type { TicketAnswer } from '../api/tickets.ts'
import type { RenderBondPicker } from '../forms/new-ticket-form.tsx'

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
  // Mounted from the first opening on, so the modal's closing transition runs; the dialog reads
  // the quote (the parser's endpoint comes with it) on each opening.
  const [openings, setOpenings] = useState(0)

  function open() {
    setOpenings((n) => n + 1)
    setOpened(true)
  }

  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconTicket size={12} aria-hidden />}
        onPointerEnter={() => void CreateTicketDialog.preload()}
        onFocus={() => void CreateTicketDialog.preload()}
        onClick={open}
        aria-label={`Create ticket from this message: ${message.message.slice(0, 60)}`}
      >
        Create ticket
      </Button>
      {openings > 0 ? (
        <Suspense fallback={null}>
          <CreateTicketDialog
            opened={opened}
            openings={openings}
            onClose={() => setOpened(false)}
            channel={channel}
            message={message}
            myClientId={myClientId}
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
