// "Resend code" under the OTP field. The countdown until the server allows another code is on
// screen and in the button's description (read when the user reaches it), never in a live region:
// screen readers hear one announcement, when a new code may be asked for.
import { Button, Group, Text, VisuallyHidden } from '@mantine/core'
import { useEffect, useId, useState } from 'react'

/** What screen readers hear once the countdown ends. */
export const RESEND_AVAILABLE_TEXT = 'You can now request a new code.'

/** Whole seconds from `now` until `deadline` (both ms since the epoch), never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

/** A countdown as minutes and seconds: 0:27. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** Props of ResendCode. */
export interface ResendCodeProps {
  /** When another code may be asked for (ms since the epoch). */
  availableAt: number
  /** A request is on its way. */
  sending: boolean
  onResend: () => void
}

/** The resend button with its countdown; pressing it early does nothing. */
export function ResendCode({ availableAt, sending, onResend }: ResendCodeProps) {
  const hintId = useId()
  const [now, setNow] = useState(() => Date.now())
  const [announcement, setAnnouncement] = useState('')

  useEffect(() => {
    setNow(Date.now())
    setAnnouncement('')
    if (availableAt <= Date.now()) return undefined
    const timer = setInterval(() => {
      const current = Date.now()
      setNow(current)
      if (current >= availableAt) {
        clearInterval(timer)
        setAnnouncement(RESEND_AVAILABLE_TEXT)
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [availableAt])

  const left = secondsLeft(availableAt, now)
  const waiting = left > 0
  return (
    <Group gap="xs" wrap="wrap">
      {/* Focusable while waiting (aria-disabled, not disabled) so its description can be read. */}
      <Button
        variant="subtle"
        size="compact-sm"
        data-disabled={waiting || undefined}
        aria-disabled={waiting || sending}
        aria-describedby={waiting ? hintId : undefined}
        loading={sending}
        onClick={(event) => {
          event.preventDefault()
          if (!waiting && !sending) onResend()
        }}
      >
        Resend code
      </Button>
      {waiting && (
        <Text id={hintId} size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          You can request a new code in {formatCountdown(left)}
        </Text>
      )}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </Group>
  )
}
