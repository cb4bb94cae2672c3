import { changePasswordSchema, PASSWORD_RULE_MESSAGE } from '@bonds/domain'
import { zodFormValidate } from '@bonds/ui-kit'
import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useChangePasswordMutation } from '../api/password.ts'
import { failureMessage, serverFieldErrors } from './form.ts'

/** What a reset link that cannot be used says. */
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired'

interface Values {
  new_password1: string
  new_password2: string
}

/** /auth/reset-password?uid=…&token=…: set a new password with the e-mailed single-use link. */
export function ResetPasswordPage() {
  const [changePassword, { isLoading: sending }] = useChangePasswordMutation()
  const [params] = useSearchParams()
  const uid = params.get('uid') ?? ''
  const token = params.get('token') ?? ''
  const [message, setMessage] = useState<string | null>(uid && token ? null : RESET_LINK_INVALID)
  const [linkDead, setLinkDead] = useState(!uid || !token)
  const [done, setDone] = useState(false)
  const form = useForm<Values>({
    initialValues: { new_password1: '', new_password2: '' },
    // A field's message stays until the next submit (Mantine's default drops it at the first key).
    clearInputErrorOnChange: false,
    validate: (values) => zodFormValidate(changePasswordSchema)({ ...values, token }),
  })

  async function submit(values: Values) {
    const body = changePasswordSchema.parse({ ...values, token })
    setMessage(null)
    try {
      await changePassword({ userId: uid, body }).unwrap()
      setDone(true)
    } catch (failure) {
      const fields = serverFieldErrors(failure)
      if (fields.token) setLinkDead(true)
      form.setErrors(fields)
      setMessage(fields.token ?? failureMessage(failure))
    }
  }

  return (
    <Stack>
      <Title order={1} size="h2">
        Set a new password
      </Title>
      {done ? (
        <>
          <Alert color="green" role="status">
            Your password has been changed. Sign in with the new one; other sessions were signed
            out.
          </Alert>
          <Button component="a" href="/auth/login">
            Sign in
          </Button>
        </>
      ) : (
        <>
          {message && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          {linkDead ? (
            <Anchor href="/auth/forgot-password">Ask for a new link</Anchor>
          ) : (
            <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
              <Stack>
                <Text size="sm" c="dimmed">
                  {PASSWORD_RULE_MESSAGE}.
                </Text>
                <PasswordInput
                  label="New password"
                  autoComplete="new-password"
                  {...form.getInputProps('new_password1')}
                  required
                  autoFocus
                />
                <PasswordInput
                  label="Confirm password"
                  autoComplete="new-password"
                  {...form.getInputProps('new_password2')}
                  required
                />
                <Button type="submit" loading={sending} disabled={sending}>
                  Change password
                </Button>
              </Stack>
            </form>
          )}
        </>
      )}
      {!done && (
        <Anchor href="/auth/login" size="sm">
          Back to sign in
        </Anchor>
      )}
    </Stack>
  )
}
