import { emailField, otpField, passwordSignInSchema, type LoggedInUser } from '@bonds/domain'
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
import { useRef, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { useSessionActions } from '../react.tsx'
import { afterSignInPath } from '../session.ts'
import { failureMessage } from './form.ts'
import { ResendCode } from './resend-code.tsx'

type Mode = 'password' | 'otp'
type Errors = Partial<Record<'email' | 'password' | 'otp', string>>

/** /auth/login: sign in by password or by a six-digit OTP sent by e-mail (resent, or sent elsewhere). */
export function LoginPage() {
  const session = useSessionActions()
  const [params] = useSearchParams()
  const [mode, setMode] = useState<Mode>('password')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [otp, setOtp] = useState('')
  const [otpSent, setOtpSent] = useState(false)
  /** When the server allows another code (ms since the epoch). */
  const [resendAt, setResendAt] = useState(0)
  /** Codes sent to the current address (the text says when one is new). */
  const [sends, setSends] = useState(0)
  /** The address the codes went to, as the server was given it. */
  const [sentTo, setSentTo] = useState('')
  const [resending, setResending] = useState(false)
  const emailInput = useRef<HTMLInputElement>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

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

  function onPassword(event: FormEvent) {
    event.preventDefault()
    const parsed = passwordSignInSchema.safeParse({ email, password })
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors
        next[field] ??= issue.message
      }
      setErrors(next)
      return
    }
    setErrors({})
    void run(async () => done(await session.signIn(parsed.data.email, parsed.data.password)))
  }

  async function sendOtp(to: string) {
    const { resendAfterSeconds } = await session.requestOtp(to)
    setResendAt(Date.now() + resendAfterSeconds * 1000)
    setSentTo(to)
    setSends((n) => n + 1)
    setOtp('')
    setOtpSent(true)
  }

  function resend() {
    setErrors({})
    setResending(true)
    void run(() => sendOtp(sentTo)).finally(() => setResending(false))
  }

  /** Back to the e-mail field: the code sent stays with the old address. */
  function changeEmail() {
    setOtpSent(false)
    setOtp('')
    setSends(0)
    setErrors({})
    setMessage(null)
    // After the field is enabled again.
    setTimeout(() => emailInput.current?.focus(), 0)
  }

  function onOtp(event: FormEvent) {
    event.preventDefault()
    const address = emailField.safeParse(email)
    if (!address.success) {
      setErrors({ email: address.error.issues[0]?.message ?? '' })
      return
    }
    if (!otpSent) {
      setErrors({})
      void run(() => sendOtp(address.data))
      return
    }
    const code = otpField.safeParse(otp)
    if (!code.success) {
      setErrors({ otp: code.error.issues[0]?.message ?? '' })
      return
    }
    setErrors({})
    void run(async () => done(await session.signInWithOtp(address.data, code.data)))
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
          setErrors({})
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
      <form noValidate onSubmit={mode === 'password' ? onPassword : onOtp}>
        <Stack>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            ref={emailInput}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            disabled={mode === 'otp' && otpSent}
            required
            autoFocus
          />
          {mode === 'password' ? (
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
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
                  value={otp}
                  onChange={(e) => setOtp(e.currentTarget.value.trim())}
                  error={errors.otp}
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
