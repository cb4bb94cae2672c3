// The support modal (spec section 2): Ask a query, Report issue, Request access or Provide
// feedback, with a message; each type answers with its own words of spec section 8.
import { SUPPORT_TICKET_TYPES, type SupportTicketType } from '@bonds/domain'
import { toast } from '@bonds/ui-kit'
import { Alert, Button, Group, Modal, Radio, Stack, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useSignedInContact, useSubmitCalls } from '../../hooks/use-submit.ts'
import { submitTicket } from '../../model/submit.ts'
import { successText } from '../../model/texts.ts'

/** The support types in the order the modal offers them. */
export const SUPPORT_TYPE_ORDER: readonly SupportTicketType[] = [
  'query',
  'issue',
  'access',
  'feedback',
]

/** Props of SupportModal. */
export interface SupportModalProps {
  opened: boolean
  onClose: () => void
  /** The type chosen when it opens (default Ask a query). */
  initialType?: SupportTicketType
}

interface Values {
  type: SupportTicketType
  message: string
  name: string
  email: string
}

/** Ask the support team something. */
export function SupportModal({ opened, onClose, initialType = 'query' }: SupportModalProps) {
  const contact = useSignedInContact()
  const calls = useSubmitCalls()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({
    initialValues: { type: initialType, message: '', name: '', email: '' },
    validate: {
      message: (text) =>
        text.trim() === ''
          ? 'Message is required'
          : text.length > 5000
            ? 'At most 5000 characters'
            : null,
      email: (email) =>
        contact || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
          ? null
          : 'Please enter a valid email',
    },
  })
  const close = () => {
    form.reset()
    setFailure(null)
    onClose()
  }

  async function submit(values: Values) {
    setFailure(null)
    const who = contact ?? { name: values.name.trim(), email: values.email.trim() }
    const outcome = await submitTicket(
      calls,
      {
        ticket_type_id: SUPPORT_TICKET_TYPES[values.type].id,
        contacts: [who.name ? who : { email: who.email }],
        ticket_attributes: {
          description: values.message.trim(),
          page: window.location.pathname + window.location.search,
          ...(values.type === 'access' ? { form_type: 'REQUEST_ACCESS' } : {}),
        },
      },
      null,
    )
    if (!outcome.ok) {
      setFailure(outcome.message)
      toast.error(outcome.message)
      return
    }
    toast.show({ severity: 'success', summary: '', detail: successText(values.type) })
    close()
  }

  return (
    <Modal opened={opened} onClose={close} title="Support">
      <form aria-label="Support" onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="md">
          <Radio.Group label="How can we help?" {...form.getInputProps('type')}>
            <Stack gap={6} mt={6}>
              {SUPPORT_TYPE_ORDER.map((type) => (
                <Radio key={type} value={type} label={SUPPORT_TICKET_TYPES[type].label} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Message"
            withAsterisk
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('message')}
          />
          {!contact && (
            <Group grow align="start">
              <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} />
              <TextInput
                label="Email"
                type="email"
                withAsterisk
                autoComplete="email"
                {...form.getInputProps('email')}
              />
            </Group>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={calls.busy}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
