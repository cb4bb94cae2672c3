// Accepting a ticket's consideration names the custodian that settles it
// (`PATCH api/chatter/trade/accept-consideration/{id}/`). A 207 means it was accepted but the
// automatic report to the clearing corporation was refused: a warning toast says why.
import { acceptConsiderationSchema, type Custodian, type Ticket } from '@bonds/domain'
import { formatDate, formatRupees, toast } from '@bonds/ui-kit'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useAcceptConsiderationMutation } from '../api/tickets.ts'
import { writeFailure } from '../model/failure.ts'
import { rupees } from '../model/state.ts'
import { CustodianSelect } from '../forms/custodian-select.tsx'

/** Props of AcceptConsiderationModal. */
export interface AcceptConsiderationModalProps {
  ticket: Ticket
  opened: boolean
  onClose: () => void
}

/** The accept-consideration dialog: the total, a custodian, Accept. */
export function AcceptConsiderationModal({
  ticket,
  opened,
  onClose,
}: AcceptConsiderationModalProps) {
  const [custodian, setCustodian] = useState<Custodian | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | null>(null)
  const [accept, { isLoading }] = useAcceptConsiderationMutation()

  async function submit() {
    const parsed = acceptConsiderationSchema.safeParse({
      custodian_id: custodian?.client_id,
      version: ticket.version,
    })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    setFailure(null)
    try {
      const answer = await accept({ id: ticket.id, ...parsed.data }).unwrap()
      if (answer.status === 207) {
        toast.warn('Consideration accepted, not reported', answer.message)
      } else {
        toast.success('Consideration accepted')
      }
      onClose()
    } catch (caught) {
      setFailure(writeFailure(caught).message)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Accept consideration">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {ticket.display_name}: total {formatRupees(rupees(ticket.consideration.total))} to
            settle on {formatDate(ticket.settlement_date)}.
          </Text>
          <CustodianSelect value={custodian} onChange={setCustodian} error={error} />
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={isLoading}>
              Accept
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
