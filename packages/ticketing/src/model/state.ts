// How a trade's state reads on screen: its word and its colour (a Mantine colour name, so both
// themes hold), and the report countdown of the 15-minute window.
import { FINAL_TRADE_STATES, type Ticket, type TradeState } from '@bonds/domain'

/** Each state in words. */
export const STATE_LABELS: Record<TradeState, string> = {
  draft: 'Draft',
  sent: 'Sent',
  confirmed: 'Confirmed',
  accepted: 'Accepted',
  reported: 'Reported',
  settled: 'Settled',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
}

/** Each state's badge colour. */
export const STATE_COLORS: Record<TradeState, string> = {
  draft: 'gray',
  sent: 'blue',
  confirmed: 'cyan',
  accepted: 'indigo',
  reported: 'teal',
  settled: 'green',
  rejected: 'red',
  cancelled: 'dark',
}

/** Where the reporting window of a trade stands. */
export type ReportClock =
  | { kind: 'done' }
  | { kind: 'running'; msLeft: number; text: string }
  | { kind: 'overdue'; text: string }

/** The time left to report a trade (`report.due_at`), or that it is overdue; done once reported. */
export function reportClock(ticket: Pick<Ticket, 'state' | 'report'>, now: number): ReportClock {
  if (
    ticket.state === 'reported' ||
    ticket.report.status === 'confirmed' ||
    FINAL_TRADE_STATES.includes(ticket.state)
  ) {
    return { kind: 'done' }
  }
  const msLeft = Date.parse(ticket.report.due_at) - now
  if (ticket.report.overdue || msLeft <= 0) return { kind: 'overdue', text: 'Overdue' }
  const seconds = Math.ceil(msLeft / 1000)
  const minutes = Math.floor(seconds / 60)
  const rest = String(seconds % 60).padStart(2, '0')
  return { kind: 'running', msLeft, text: `${minutes}:${rest} left to report` }
}

/** A server amount ("12345678.90", rupees) as a number for the formatters. */
export function rupees(amount: string): number {
  return Number(amount)
}

/** The other firm on a ticket, as the caller sees it. */
export function otherParty(ticket: Pick<Ticket, 'role' | 'initiator' | 'counterparty'>) {
  return ticket.role === 'initiator' ? ticket.counterparty : ticket.initiator
}
