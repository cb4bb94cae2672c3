import { emailField, otpField, passwordSignInSchema, type LoggedInUser } from '@bonds/domain'
import {
  Alert,
  Anchor,
  Button,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { useSessionActions } from '../react.tsx'
import { afterSignInPath } from '../session.ts'
import { failureMessage } from './form.ts'

type Mode = 'password' | 'otp'
type Errors = Partial<Record<'email' | 'password' | 'otp', string>>

/** /auth/login: sign in by password or by a six-digit OTP sent by e-mail. */
export function LoginPage() {
  const session = useSessionActions()
  const [params] = useSearchParams()
  const [mode, setMode] = useState<Mode>('password')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [otp, setOtp] = useState('')
  const [otpSent, setOtpSent] = useState(false)
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

  function onOtp(event: FormEvent) {
    event.preventDefault()
    const address = emailField.safeParse(email)
    if (!address.success) {
      setErrors({ email: address.error.issues[0]?.message ?? '' })
      return
    }
    if (!otpSent) {
      setErrors({})
      void run(async () => {
        await session.requestOtp(address.data)
        setOtpSent(true)
      })
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
                <Text size="sm" c="dimmed">
                  We sent a six-digit code to {email}. It expires in 5 minutes.
                </Text>
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
