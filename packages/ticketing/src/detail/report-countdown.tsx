// The time left to report a trade (15 minutes from the trade, `report.due_at`), ticking each
// second; "Overdue" once past due or flagged by the server. Nothing once reported or closed.
import { REPORTING_WINDOW_MINUTES, type Ticket } from '@bonds/domain'
import { Badge } from '@mantine/core'
import { useEffect, useState } from 'react'
import { reportClock } from '../model/state.ts'

/** Props of ReportCountdown. */
export interface ReportCountdownProps {
  ticket: Pick<Ticket, 'state' | 'report'>
  /** The clock (tests and stories); the real one by default. */
  now?: () => number
}

/** A badge with the time left to report, or "Overdue". */
export function ReportCountdown({ ticket, now = Date.now }: ReportCountdownProps) {
  const [at, setAt] = useState(now)
  const clock = reportClock(ticket, at)
  const running = clock.kind === 'running'
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setAt(now()), 1000)
    return () => clearInterval(timer)
  }, [running, now])
  if (clock.kind === 'done') return null
  return (
    <Badge
      color={clock.kind === 'overdue' ? 'red' : 'yellow'}
      variant={clock.kind === 'overdue' ? 'filled' : 'light'}
      title={`A deal is reported within ${REPORTING_WINDOW_MINUTES} minutes of the trade`}
      data-overdue={clock.kind === 'overdue' || undefined}
    >
      {clock.text}
    </Badge>
  )
}
