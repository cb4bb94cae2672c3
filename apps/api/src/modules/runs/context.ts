// What the private runs' use cases run with.
import type { VenueRfq } from '@bonds/domain'
import type { Db } from '../../db/index.ts'
import type { Joined, ModuleTransact } from '../../events/transact.ts'
import type { AuthUser } from '../../http/access.ts'
import type { Clock } from '../../server-module.ts'
import type { RfqRequest } from '../venue/index.ts'
import type { RunEvents } from './events.ts'

/** The venue, as the private runs use it. */
export interface RunsVenue {
  /** Put an RFQ on the exchange inside the run's open transaction (`joined`). */
  initiate(joined: Joined, user: AuthUser, request: RfqRequest, ip?: string): Promise<VenueRfq>
  /** RFQs by id as the user sees them (read in `joined` when given). */
  rfqsFor(user: AuthUser, ids: readonly number[], joined?: Joined): Promise<Map<number, VenueRfq>>
}

/** What the private runs' use cases run with. */
export interface RunsContext {
  db: Db
  now: Clock
  /** A transaction whose run events go out if, and once, it commits. */
  transact: ModuleTransact<RunEvents>
  venue: RunsVenue
}
