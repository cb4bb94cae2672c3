// A reason for rejecting or cancelling a ticket (kept on its timeline).
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core'
import { useState } from 'react'

/** Props of ReasonModal. */
export interface ReasonModalProps {
  title: string
  confirmLabel: string
  /** A reason must be given. */
  required: boolean
  opened: boolean
  busy: boolean
  onClose: () => void
  onConfirm: (reason: string) => void
}

/** Ask for a reason, then confirm. */
export function ReasonModal(props: ReasonModalProps) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (props.required && !reason.trim()) {
            setError('Give a reason')
            return
          }
          props.onConfirm(reason.trim())
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Reason"
            withAsterisk={props.required}
            maxLength={500}
            autosize
            minRows={2}
            value={reason}
            error={error}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Close
            </Button>
            <Button type="submit" color="red" loading={props.busy}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
