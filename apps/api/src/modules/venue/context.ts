// What the venue's use cases run with: the database, the clock, the exchange port, its events,
// and the ticketing port a deal is handed to.
import { PRIVATE_RUN_MESSAGES as PM, type RfqExchange, type VenueRfq } from '@bonds/domain'
import type { Db } from '../../db/index.ts'
import type { Joined, ModuleTransact } from '../../events/transact.ts'
import type { AuthUser } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import type { Clock } from '../../server-module.ts'
import type { VenueEvents } from './events.ts'
import type { ExchangePort, VenueAnswer } from './port.ts'

/** A deal on the venue, as ticketing takes it: the accepting side's trade with the other firm. */
export interface VenueDeal {
  exchange: RfqExchange
  finstrumentId: string
  /** The accepting user's side. */
  side: 'buy' | 'sell'
  quantum: number
  yield: number | null
  price: number | null
  settlementDate: string
  counterpartyClientId: string
  at: Date
}

/**
 * Ticketing, as the venue sees it: a deal becomes a ticket sent to the other side (its id), in the
 * deal's own transaction (`joined`): a deal and its ticket are one commit.
 */
export type DealToTicket = (joined: Joined, user: AuthUser, deal: VenueDeal) => Promise<number>

/**
 * A deal on the venue as other modules hear of it, in the deal's transaction (`joined`): the market
 * takes it off the quote the RFQ was sent from (decision 400).
 */
export interface VenueDealDone {
  /** The RFQ dealt and, when it went to several firms, its group's id. */
  venueRfqIds: number[]
  initiatorClientId: string
  finstrumentId: string
  /** Rupees of face value dealt. */
  quantum: number
  /** The user who accepted. */
  userId: string
  at: Date
}

/** What the venue's use cases run with. */
export interface VenueContext {
  db: Db
  now: Clock
  port: ExchangePort
  /** A transaction whose venue events go out if, and once, it commits. */
  transact: ModuleTransact<VenueEvents>
  toTicket: DealToTicket
  /** Told in the change's transaction that an RFQ changed (the private run shows its state). */
  onChange: (joined: Joined, rfq: { id: number }) => Promise<void>
  /** Told in the deal's transaction that an RFQ dealt. */
  onDeal: (joined: Joined, deal: VenueDealDone) => Promise<void>
}

/** A 400 naming the field at fault. */
export const bad = (field: string, message: string) =>
  new HttpError(400, message, { [field]: message })

/** A refusal of the venue: 422 with its reason, naming the field when it names one. */
export function refused(answer: Extract<VenueAnswer, { ok: false }>): HttpError {
  return new HttpError(
    422,
    answer.reason,
    answer.field ? { [answer.field]: answer.reason } : undefined,
  )
}

/** A firm's RFQ exchanges that the venue runs. */
export const venueExchanges = (exchanges: readonly string[]): RfqExchange[] =>
  exchanges.filter((e): e is RfqExchange => e === 'NSE' || e === 'BSE')

/** The exchange a firm places an RFQ on: the one asked for, if its rfq_exchanges allow it. */
export function allowedExchange(
  firmExchanges: readonly string[],
  asked: RfqExchange,
  field = 'exchange',
): RfqExchange {
  const allowed = venueExchanges(firmExchanges)
  if (allowed.length === 0) throw new HttpError(403, PM.noExchange)
  if (!allowed.includes(asked)) throw bad(field, PM.exchangeNotAllowed)
  return asked
}

/** The caller's part in an RFQ, or null when the caller's firm is not a party. */
export const roleOf = (
  row: { initiatorClientId: string; responderClientId: string },
  user: AuthUser,
): VenueRfq['role'] | null =>
  row.initiatorClientId === user.clientId
    ? 'initiator'
    : row.responderClientId === user.clientId
      ? 'responder'
      : null
