import { resetPasswordRequestSchema } from '@bonds/domain'
import { zodFormValidate } from '@bonds/ui-kit'
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useRequestPasswordResetMutation } from '../api/password.ts'
import { failureMessage, serverFieldErrors } from './form.ts'

interface Values {
  email: string
}

/** The request: the address, and the page the e-mailed link opens. */
function resetRequest(values: Values) {
  return { email: values.email, web_url: `${window.location.origin}/auth/reset-password` }
}

/** /auth/forgot-password: e-mail a single-use reset link. */
export function ForgotPasswordPage() {
  const [requestReset, { isLoading: sending }] = useRequestPasswordResetMutation()
  const [message, setMessage] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const form = useForm<Values>({
    initialValues: { email: '' },
    // A field's message stays until the next submit (Mantine's default drops it at the first key).
    clearInputErrorOnChange: false,
    validate: (values) => zodFormValidate(resetPasswordRequestSchema)(resetRequest(values)),
  })

  async function submit(values: Values) {
    const body = resetPasswordRequestSchema.parse(resetRequest(values))
    setMessage(null)
    try {
      const answer = await requestReset(body).unwrap()
      setSent(answer.detail)
    } catch (failure) {
      form.setErrors(serverFieldErrors(failure))
      setMessage(failureMessage(failure))
    }
  }

  return (
    <Stack>
      <Title order={1} size="h2">
        Forgot password
      </Title>
      {sent ? (
        <>
          <Alert color="green" role="status">
            {sent}
          </Alert>
          <Text size="sm" c="dimmed">
            The link works once, for an hour. Check your spam folder if it does not arrive.
          </Text>
        </>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
          <Stack>
            <Text size="sm" c="dimmed">
              Enter the e-mail you sign in with and we will send you a link to set a new password.
            </Text>
            {message && (
              <Alert color="red" role="alert">
                {message}
              </Alert>
            )}
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="username"
              {...form.getInputProps('email')}
              required
              autoFocus
            />
            <Button type="submit" loading={sending} disabled={sending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor href="/auth/login" size="sm">
        Back to sign in
      </Anchor>
    </Stack>
  )
}
