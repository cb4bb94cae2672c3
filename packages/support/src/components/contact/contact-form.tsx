// The contact form (spec section 2's contact modal, and the /contact page): name, e-mail and a
// message, filed as a query with the CONTACT_FORM form type; "Your message has been noted".
import { SUPPORT_TICKET_TYPES } from '@bonds/domain'
import { toast } from '@bonds/ui-kit'
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useSignedInContact, useSubmitCalls } from '../../hooks/use-submit.ts'
import { submitTicket } from '../../model/submit.ts'
import { successText } from '../../model/texts.ts'

interface Values {
  name: string
  email: string
  company: string
  message: string
}

/** Props of ContactForm. */
export interface ContactFormProps {
  /** Called once the message is filed (the modal closes). */
  onDone?: () => void
  /** Called by Cancel (the modal offers one; the page does not). */
  onCancel?: () => void
}

/** Send the team a message. */
export function ContactForm({ onDone, onCancel }: ContactFormProps) {
  const contact = useSignedInContact()
  const calls = useSubmitCalls()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({
    initialValues: {
      name: contact?.name ?? '',
      email: contact?.email ?? '',
      company: '',
      message: '',
    },
    validate: {
      name: (name) => (name.trim() === '' ? 'Name is required' : null),
      email: (email) =>
        /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? null : 'Please enter a valid email',
      message: (text) =>
        text.trim() === ''
          ? 'Message is required'
          : text.length > 5000
            ? 'At most 5000 characters'
            : null,
    },
  })

  async function submit(values: Values) {
    setFailure(null)
    const outcome = await submitTicket(
      calls,
      {
        ticket_type_id: SUPPORT_TICKET_TYPES.query.id,
        contacts: [{ name: values.name.trim(), email: values.email.trim() }],
        ticket_attributes: {
          form_type: 'CONTACT_FORM',
          company: values.company.trim(),
          description: values.message.trim(),
        },
      },
      null,
    )
    if (!outcome.ok) {
      setFailure(outcome.message)
      toast.error(outcome.message)
      return
    }
    toast.show({ severity: 'success', summary: '', detail: successText('contact') })
    form.setValues({ message: '' })
    onDone?.()
  }

  return (
    <form aria-label="Contact us" onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack gap="md">
        <Group grow align="start">
          <TextInput
            label="Name"
            withAsterisk
            autoComplete="name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete="email"
            {...form.getInputProps('email')}
          />
        </Group>
        <TextInput label="Company" autoComplete="organization" {...form.getInputProps('company')} />
        <Textarea
          label="Message"
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('message')}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={calls.busy}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** Props of ContactModal. */
export interface ContactModalProps {
  opened: boolean
  onClose: () => void
}

/** The contact form in a modal. */
export function ContactModal({ opened, onClose }: ContactModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Contact us">
      <ContactForm onDone={onClose} onCancel={onClose} />
    </Modal>
  )
}
