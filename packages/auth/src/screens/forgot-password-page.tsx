import { resetPasswordRequestSchema, fieldErrors } from '@bonds/domain'
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useRequestPasswordResetMutation } from '../api/password.ts'
import { failureMessage, serverFieldErrors } from './form.ts'

/** /auth/forgot-password: e-mail a single-use reset link. */
export function ForgotPasswordPage() {
  const [requestReset, { isLoading: sending }] = useRequestPasswordResetMutation()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [message, setMessage] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = resetPasswordRequestSchema.safeParse({
      email,
      web_url: `${window.location.origin}/auth/reset-password`,
    })
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).email)
      return
    }
    setError(undefined)
    setMessage(null)
    try {
      const answer = await requestReset(parsed.data).unwrap()
      setSent(answer.detail)
    } catch (failure) {
      setError(serverFieldErrors(failure).email)
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
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
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
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
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
