// What the private runs' use cases run with.
import type { VenueRfq } from '@bonds/domain'
import type { Db } from '../../db/index.ts'
import type { AuthUser } from '../../http/access.ts'
import type { Clock } from '../../server-module.ts'
import type { RfqRequest } from '../venue/index.ts'
import type { RunEvents } from './events.ts'

/** The venue, as the private runs use it. */
export interface RunsVenue {
  initiate(user: AuthUser, request: RfqRequest, ip?: string): Promise<VenueRfq>
  rfqsFor(user: AuthUser, ids: readonly number[]): Promise<Map<number, VenueRfq>>
}

/** What the private runs' use cases run with. */
export interface RunsContext {
  db: Db
  now: Clock
  events: RunEvents
  venue: RunsVenue
}
