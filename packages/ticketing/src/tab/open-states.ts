// The open tickets as the Ticketing tab's list asks for them; the workspace's ticket notices ask
// the same, so both read one cache entry.
import type { TradeState } from '@bonds/domain'

/** The states of a trade still being worked on. */
export const OPEN_STATES: readonly TradeState[] = [
  'draft',
  'sent',
  'confirmed',
  'accepted',
  'reported',
]

/** Tickets per page of the tab. */
export const TICKETS_PAGE_SIZE = 20
