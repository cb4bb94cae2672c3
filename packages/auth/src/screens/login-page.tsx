import { emailField, otpField, passwordSignInSchema, type LoggedInUser } from '@bonds/domain'
import { zodFormValidate } from '@bonds/ui-kit'
import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm, type FormErrors } from '@mantine/form'
import { useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useSessionActions } from '../react.tsx'
import { afterSignInPath } from '../session.ts'
import { failureMessage } from './form.ts'
import { ResendCode } from './resend-code.tsx'

type Mode = 'password' | 'otp'

interface Values {
  email: string
  password: string
  otp: string
}

/**
 * One field checked with its own domain schema, its first message under the field's name
 * (`zodFormValidate` files a bare value's messages under `form`).
 */
function checkField(
  field: keyof Values,
  schema: Parameters<typeof zodFormValidate>[0],
  value: string,
): FormErrors {
  const message = zodFormValidate<string>(schema)(value).form
  return message === undefined ? {} : { [field]: message }
}

/** /auth/login: sign in by password or by a six-digit OTP sent by e-mail (resent, or sent elsewhere). */
export function LoginPage() {
  const session = useSessionActions()
  const [params] = useSearchParams()
  const [mode, setMode] = useState<Mode>('password')
  const [otpSent, setOtpSent] = useState(false)
  /** When the server allows another code (ms since the epoch). */
  const [resendAt, setResendAt] = useState(0)
  /** Codes sent to the current address (the text says when one is new). */
  const [sends, setSends] = useState(0)
  /** The address the codes went to, as the server was given it. */
  const [sentTo, setSentTo] = useState('')
  const [resending, setResending] = useState(false)
  const emailInput = useRef<HTMLInputElement>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const form = useForm<Values>({
    initialValues: { email: '', password: '', otp: '' },
    // A field's message stays until the next submit (Mantine's default drops it at the first key).
    clearInputErrorOnChange: false,
    validate: (values) => {
      if (mode === 'password') return zodFormValidate<Values>(passwordSignInSchema)(values)
      // The address alone until it is valid: the code is only asked for once one was sent to it.
      const address = checkField('email', emailField, values.email)
      if (Object.keys(address).length > 0 || !otpSent) return address
      return checkField('otp', otpField, values.otp)
    },
  })

  const done = (user: LoggedInUser) => {
    // Another app may serve the destination: a full page load.
    window.location.assign(afterSignInPath(user, params.get('redirect')))
  }

  async function run(task: () => Promise<void>) {
    setSending(true)
    setMessage(null)
    try {
      await task()
    } catch (error) {
      setMessage(failureMessage(error))
    } finally {
      setSending(false)
    }
  }

  function signInWithPassword(values: Values) {
    const body = passwordSignInSchema.parse(values)
    void run(async () => done(await session.signIn(body.email, body.password)))
  }

  async function sendOtp(to: string) {
    const { resendAfterSeconds } = await session.requestOtp(to)
    setResendAt(Date.now() + resendAfterSeconds * 1000)
    setSentTo(to)
    setSends((n) => n + 1)
    form.setFieldValue('otp', '')
    setOtpSent(true)
  }

  function resend() {
    form.clearErrors()
    setResending(true)
    void run(() => sendOtp(sentTo)).finally(() => setResending(false))
  }

  /** Back to the e-mail field: the code sent stays with the old address. */
  function changeEmail() {
    setOtpSent(false)
    form.setFieldValue('otp', '')
    setSends(0)
    form.clearErrors()
    setMessage(null)
    // After the field is enabled again.
    setTimeout(() => emailInput.current?.focus(), 0)
  }

  function signInWithOtp(values: Values) {
    const address = emailField.parse(values.email)
    if (!otpSent) {
      void run(() => sendOtp(address))
      return
    }
    const code = otpField.parse(values.otp)
    void run(async () => done(await session.signInWithOtp(address, code)))
  }

  return (
    <Stack>
      <Title order={1} size="h2">
        Sign in
      </Title>
      <SegmentedControl
        aria-label="Sign in with"
        value={mode}
        onChange={(value) => {
          setMode(value as Mode)
          form.clearErrors()
          setMessage(null)
        }}
        data={[
          { value: 'password', label: 'Use password' },
          { value: 'otp', label: 'Use OTP' },
        ]}
      />
      {message && (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit(mode === 'password' ? signInWithPassword : signInWithOtp)}
      >
        <Stack>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            ref={emailInput}
            {...form.getInputProps('email')}
            disabled={mode === 'otp' && otpSent}
            required
            autoFocus
          />
          {mode === 'password' ? (
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              {...form.getInputProps('password')}
              required
            />
          ) : (
            otpSent && (
              <>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Text size="sm" c="dimmed">
                    We sent a {sends > 1 ? 'new ' : ''}six-digit code to {sentTo}. It expires in 5
                    minutes.
                  </Text>
                  <Button variant="subtle" size="compact-sm" onClick={changeEmail}>
                    Change e-mail
                  </Button>
                </Group>
                <TextInput
                  label="OTP"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  {...form.getInputProps('otp')}
                  onChange={(e) => form.setFieldValue('otp', e.currentTarget.value.trim())}
                  required
                />
                <ResendCode availableAt={resendAt} sending={resending} onResend={resend} />
              </>
            )
          )}
          <Button type="submit" loading={sending} disabled={sending}>
            {mode === 'otp' && !otpSent ? 'Send OTP' : 'Sign in'}
          </Button>
        </Stack>
      </form>
      <Anchor href="/auth/forgot-password" size="sm">
        Forgot password?
      </Anchor>
    </Stack>
  )
}
