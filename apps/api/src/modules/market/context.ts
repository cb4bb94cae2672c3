// What every market use case is given, and the lookups several of them share: the bond a quote is
// on (listed, not matured), a settlement that bond can take, a cluster the caller is a party to.
import { MARKET_MESSAGES as MM, PERMISSIONS } from '@bonds/domain'
import { isBusinessDay } from '@bonds/pricing'
import type { Db } from '../../db/index.ts'
import type { Joined } from '../../events/transact.ts'
import type { AuthUser } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import type { Clock } from '../../server-module.ts'
import { findFinstrument, type FinstrumentRow } from '../finstruments/index.ts'
import { conventionOf } from '../pricing/index.ts'
import type { BondLookup } from './bond-cache.ts'
import type { StreamingMarketEvents } from './events.ts'
import { clusterSide } from './model.ts'
import { clusterById } from './repo.ts'
import type { MarketVenue } from './send-to-rfq.ts'

/** A deal closed in RFQ quotes, as ticketing takes it: the closing side's trade with the other firm. */
export interface MarketDeal {
  finstrumentId: string
  /** The closing user's side. */
  side: 'buy' | 'sell'
  quantum: number
  /** The agreed level: the price, or (fixed yield) the yield as a fraction; the other is null. */
  yield: number | null
  price: number | null
  settlementDate: string
  exchange: 'NSE' | 'BSE'
  counterpartyClientId: string
  /** The other side's person who made the level dealt at. */
  counterpartyUserId: string | null
  /** The broker firms' people on the deal, each on its firm's side (spec section 6). */
  brokers: { buy_or_sell: 'buy' | 'sell'; user_id: string }[]
  at: Date
}

/**
 * Ticketing, as the market sees it: a deal becomes a ticket sent to the other firm (its id), in
 * the close's own transaction (`joined`): a deal and its ticket are one commit (decision 328).
 */
export type MarketDealToTicket = (
  joined: Joined,
  user: AuthUser,
  deal: MarketDeal,
) => Promise<number>

/** What the market's use cases run with. */
export interface MarketContext {
  db: Db
  now: Clock
  /** Where a deal is turned into a ticket; without it (a bare market service) a deal makes none. */
  toTicket?: MarketDealToTicket | undefined
  /**
   * Run `work` in a transaction, then `announce` its result in the same transaction: the socket
   * messages go out if, and once, it commits (stored in it over the event outbox; decision 256),
   * followed by one `quotes_stream` per bond whose quotes changed (decision 390).
   * `joined` is the open transaction, for another module's writes that belong to its commit.
   */
  transact: <T>(
    work: (tx: Db, joined: Joined) => Promise<T>,
    announce: (result: T, events: StreamingMarketEvents, tx: Db) => Promise<unknown>,
  ) => Promise<T>
  /**
   * A write that is one statement, atomic by itself (no BEGIN, no COMMIT): `write` stores its
   * events in that statement when `outboxed` (the bus has an event outbox, which is then woken);
   * otherwise `announce` publishes them once the statement is done.
   */
  writeOne: <T>(
    write: (db: Db, outboxed: boolean) => Promise<T>,
    announce: (result: T, events: StreamingMarketEvents) => Promise<unknown>,
  ) => Promise<T>
  /** The RFQ venue a quote sent to RFQ goes to (decision 386); without it none can be sent. */
  venue?: MarketVenue | undefined
  /** A bond by id, its row kept a few seconds (bond-cache.ts). */
  bond: BondLookup
}

/** A 400 naming the field at fault. */
export const bad = (field: string, message: string) =>
  new HttpError(400, message, { [field]: message })

/** Ids of EOIs and clusters: digits that fit a bigint. */
export const isNumericId = (id: string) => /^\d{1,18}$/.test(id)

/** A bond that may be quoted today: known, listed and available, not matured; else the field's 400. */
export async function quotableBond(
  bond: BondLookup,
  id: string | number,
  field: string,
  today: string,
) {
  const row = await bond(String(id).trim().toUpperCase())
  if (!row) throw bad(field, 'Bond not found')
  if (!row.isAvailable || !row.isListed)
    throw bad(field, 'This bond is not listed and cannot be quoted')
  if (row.maturityDate && row.maturityDate <= today) {
    throw bad(field, 'This bond has matured and cannot be quoted')
  }
  return row
}

/** A settlement a bond can take: not past, before maturity, a business day of its calendar. */
export function checkSettlement(row: FinstrumentRow, date: string, today: string, field: string) {
  if (date < today) throw bad(field, MM.settlementPast)
  if (row.maturityDate && date >= row.maturityDate) throw bad(field, MM.settlementAfterMaturity)
  if (!isBusinessDay(conventionOf(row), date)) {
    throw bad(field, 'Settlement date must be a business day')
  }
}

/** A bond by id or ISIN; 404 when unknown. */
export async function bondOf(db: Db, id: string): Promise<FinstrumentRow> {
  const row = await findFinstrument(db, id.trim().toUpperCase())
  if (!row) throw new HttpError(404, 'Bond not found')
  return row
}

/**
 * A cluster the caller's client is a party to, with the caller's side; else 404. Without trade
 * access (client.can_trade, spec section 6) no cluster is the caller's: the lists are empty, and
 * one read by id is the same 404 as an unknown id (decision 397).
 */
export async function partyCluster(
  db: Db,
  user: AuthUser,
  id: string,
  { lock = false }: { lock?: boolean } = {},
) {
  const numeric =
    isNumericId(id) && user.permissions.includes(PERMISSIONS.canTrade) ? Number(id) : null
  const row = numeric === null ? undefined : await clusterById(db, numeric, { lock })
  const side = row ? clusterSide(row, user.clientId) : null
  if (!row || !side) throw new HttpError(404, 'Cluster not found')
  return { row, side }
}
