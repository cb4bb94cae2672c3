// The report-issue modal (spec section 2): what seems wrong (the context's checkboxes; the
// counter-RFQ form offers only price/yield and Others), a description, the consent to share the
// pricing details the user entered, and a screenshot of the context's capture areas without its
// ignored areas, previewed before it is sent. Submitting uploads the screenshot, then files an
// issue ticket (spec sections 7 and 8).
import {
  REPORT_ISSUE_CONTEXTS,
  SUPPORT_MESSAGES,
  SUPPORT_TICKET_TYPES,
  type ReportIssueContext,
} from '@bonds/domain'
import { toast } from '@bonds/ui-kit'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Image,
  Modal,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useEffect, useState } from 'react'
import { useSignedInContact, useSubmitCalls } from '../../hooks/use-submit.ts'
import { captureScreenshot, type CaptureScreenshot } from '../../model/capture.ts'
import { submitTicket } from '../../model/submit.ts'
import { successText } from '../../model/texts.ts'

/** Pricing details a screen passes along (sent only with the user's consent). */
export type ReportDetails = Record<string, string | number | boolean | null>

/** Props of ReportIssueModal. */
export interface ReportIssueModalProps {
  opened: boolean
  onClose: () => void
  context: ReportIssueContext
  /** The pricing details the user entered (e.g. the calculator's yield, price and settlement). */
  details?: ReportDetails
  /** Takes the screenshot (the page's capture areas by default; tests and stories pass their own). */
  capture?: CaptureScreenshot
}

type Shot =
  { status: 'capturing' } | { status: 'ready'; blob: Blob; url: string } | { status: 'none' }

interface Values {
  issues: string[]
  description: string
  shareDetails: boolean
  attachScreenshot: boolean
  name: string
  email: string
}

/** Report an issue with what is on screen. */
export function ReportIssueModal({
  opened,
  onClose,
  context,
  details,
  capture = captureScreenshot,
}: ReportIssueModalProps) {
  const setup = REPORT_ISSUE_CONTEXTS[context]
  const contact = useSignedInContact()
  const calls = useSubmitCalls()
  const [shot, setShot] = useState<Shot>({ status: 'none' })
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({
    initialValues: {
      issues: [],
      description: '',
      shareDetails: false,
      attachScreenshot: true,
      name: '',
      email: '',
    },
    validate: {
      issues: (issues) => (issues.length > 0 ? null : 'Choose at least one issue'),
      description: (text, values) =>
        values.issues.includes('Others') && text.trim() === ''
          ? 'Describe the issue'
          : text.length > 2000
            ? 'At most 2000 characters'
            : null,
      email: (email) =>
        contact || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
          ? null
          : 'Please enter a valid email',
    },
  })

  // The screenshot is taken when the modal opens: what the user sees is what is sent.
  useEffect(() => {
    if (!opened) return
    let live = true
    let url: string | null = null
    setShot({ status: 'capturing' })
    capture(context)
      .then((blob) => {
        if (!live) return
        if (!blob) return setShot({ status: 'none' })
        url = URL.createObjectURL(blob)
        setShot({ status: 'ready', blob, url })
      })
      .catch(() => live && setShot({ status: 'none' }))
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [opened, context, capture])

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
        ticket_type_id: SUPPORT_TICKET_TYPES.issue.id,
        contacts: [who.name ? who : { email: who.email }],
        ticket_attributes: {
          context,
          ...(setup.formType ? { form_type: setup.formType } : {}),
          issues: values.issues.join('; '),
          description: values.description.trim(),
          page: window.location.pathname + window.location.search,
          ...(values.shareDetails && details ? { pricing_details: JSON.stringify(details) } : {}),
        },
      },
      values.attachScreenshot && shot.status === 'ready' ? shot.blob : null,
    )
    if (!outcome.ok) {
      setFailure(outcome.message)
      toast.error(outcome.message)
      return
    }
    toast.show({ severity: 'success', summary: '', detail: successText('issue') })
    close()
  }

  return (
    <Modal opened={opened} onClose={close} title="Report an issue" size="lg">
      <form aria-label="Report an issue" onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="md">
          <Checkbox.Group label="What seems wrong?" withAsterisk {...form.getInputProps('issues')}>
            <Stack gap={6} mt={6}>
              {setup.options.map((option) => (
                <Checkbox key={option} value={option} label={option} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Textarea
            label="Description"
            description="What did you expect, and what did you see?"
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
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
          {details && (
            <Checkbox
              label={SUPPORT_MESSAGES.consent}
              {...form.getInputProps('shareDetails', { type: 'checkbox' })}
            />
          )}
          <Stack gap={6}>
            {shot.status === 'capturing' && (
              <Skeleton height={120} aria-label="Taking the screenshot" role="status" />
            )}
            {shot.status === 'ready' && (
              <>
                <Checkbox
                  label="Attach this screenshot"
                  {...form.getInputProps('attachScreenshot', { type: 'checkbox' })}
                />
                <Image
                  src={shot.url}
                  alt={`Screenshot of ${setup.label.toLowerCase()}`}
                  mah={220}
                  fit="contain"
                  radius="sm"
                  style={{ border: '1px solid var(--mantine-color-default-border)' }}
                />
              </>
            )}
            {shot.status === 'none' && (
              <Text size="sm" c="dimmed">
                No screenshot of this screen could be taken; describe what you see instead.
              </Text>
            )}
          </Stack>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={calls.busy} disabled={shot.status === 'capturing'}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
