// What every ticket use case is given, and the steps several of them share: the ticket a caller is
// a party to, the consideration of a set of terms, and one transition (state, version, timeline,
// audit log, socket messages) applied under the ticket's row lock.
import {
  MARKET_MESSAGES as MM,
  REPORTING_WINDOW_MINUTES,
  TICKET_MESSAGES as TM,
  tradeStep,
  type TradeAction,
  type TradeState,
} from '@bonds/domain'
import {
  accruedInterest,
  isBusinessDay,
  tradeConsideration,
  type Consideration,
} from '@bonds/pricing'
import { eq } from 'drizzle-orm'
import { audit } from '../../db/audit.ts'
import type { Db } from '../../db/index.ts'
import type { ModuleTransact } from '../../events/transact.ts'
import { tradeTicketEvents, tradeTickets } from '../../db/schema.ts'
import type { AuthUser } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import type { Clock } from '../../server-module.ts'
import type { FinstrumentRow } from '../finstruments/index.ts'
import { conventionOf, priceAt, priced, termsOf } from '../pricing/index.ts'
import type { ClearingPort } from './clearing.ts'
import type { TicketEvents } from './events.ts'
import { ticketById, type TicketRow, type TicketWithBond } from './repo.ts'
import { roleAllows } from './view.ts'

/** What the tickets' use cases run with. */
export interface TicketsContext {
  db: Db
  now: Clock
  /**
   * A transaction whose ticket events go out if, and once, it commits (stored in it over the
   * event outbox): every write that tells the sockets runs in one.
   */
  transact: ModuleTransact<TicketEvents>
  clearing: ClearingPort
}

/** A 400 naming the field at fault. */
export const bad = (field: string, message: string) =>
  new HttpError(400, message, { [field]: message })

/** A path id: digits that fit a bigint; anything else is not found. */
const numericId = (id: string) => (/^\d{1,18}$/.test(id) ? Number(id) : null)

/**
 * A ticket the caller's client is a party to (a draft only for the side that made it); else 404,
 * so another firm cannot learn that a ticket exists.
 */
export async function partyTicket(
  db: Db,
  user: Pick<AuthUser, 'clientId'>,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<TicketWithBond> {
  const numeric = numericId(id)
  const row = numeric === null ? undefined : await ticketById(db, numeric, { lock })
  const party =
    row &&
    (row.initiatorClientId === user.clientId ||
      (row.counterpartyClientId === user.clientId && row.state !== 'draft'))
  if (!row || !party) throw new HttpError(404, 'Ticket not found')
  return row
}

/**
 * Refuse an action on a version older than the ticket's (409). Checked after the lifecycle, so
 * the one who lost a race hears what happened ("already accepted"), not only that it changed.
 */
export function checkVersion(row: TicketRow, version: number | undefined) {
  if (version !== undefined && version !== row.version) throw new HttpError(409, TM.stale)
}

/** Whether the lifecycle and the caller's role allow `action` now; else 409 or 403 saying why. */
export function allowed(
  row: TicketRow,
  user: Pick<AuthUser, 'clientId' | 'roles'>,
  action: TradeAction,
): TradeState {
  if (!roleAllows(user.roles, action)) {
    throw new HttpError(
      403,
      action === 'report' || action === 'settle' ? TM.backOfficeOnly : TM.dealerOnly,
    )
  }
  const step = tradeStep(row.state as TradeState, action, {
    initiator: row.initiatorClientId === user.clientId,
  })
  if (!step.ok) throw new HttpError(step.reason === 'not-your-turn' ? 403 : 409, step.message)
  return step.to
}

/** The terms a consideration is computed from. */
export interface Terms {
  quantum: number
  /** Exactly one of price (per ₹100) and yield (fraction) is fixed. */
  fixed: { clean_price: number } | { bond_yield: number }
  settlementDate: string
  /** Rupees. */
  brokerage: number
}

/** The priced terms: price, yield, accrued interest and the consideration in paise. */
export interface Priced {
  cleanPrice: number
  bondYield: number | null
  fixedField: 'price' | 'yield'
  accruedPer100: number
  amounts: Consideration
}

/** Price a bond's terms at their settlement and compute the consideration (@bonds/pricing). */
export function priceTerms(bond: FinstrumentRow, terms: Terms): Priced {
  const fixedField = 'clean_price' in terms.fixed ? 'price' : 'yield'
  const bondTerms = termsOf(bond)
  const at = priced(() => priceAt(bondTerms, terms.settlementDate, terms.fixed))
  // The accrued interest unrounded: the consideration rounds once, to the paisa (decision 220).
  const accruedPer100 = priced(() => accruedInterest(bondTerms, terms.settlementDate))
  const amounts = priced(() =>
    tradeConsideration({
      faceAmount: terms.quantum,
      cleanPrice: at.price.unit_clean_price,
      accruedPer100,
      brokerage: terms.brokerage,
    }),
  )
  return {
    cleanPrice: at.price.unit_clean_price,
    bondYield: at.price.bond_yield,
    fixedField,
    accruedPer100,
    amounts,
  }
}

/** The columns of a priced ticket. */
export function pricedColumns(p: Priced) {
  return {
    cleanPrice: p.cleanPrice,
    bondYield: p.bondYield,
    fixedField: p.fixedField,
    accruedPer100: p.accruedPer100,
    principalPaise: p.amounts.principal,
    accruedPaise: p.amounts.accruedInterest,
    considerationPaise: p.amounts.consideration,
    stampDutyPaise: p.amounts.stampDuty,
    brokeragePaise: p.amounts.brokerage,
    totalPaise: p.amounts.total,
  }
}

/** A settlement the bond can take: not before the trade, before maturity, a business day. */
export function checkSettlement(bond: FinstrumentRow, date: string, tradeDate: string) {
  if (date < tradeDate) throw bad('settlement_date', MM.settlementPast)
  if (bond.maturityDate && date >= bond.maturityDate) {
    throw bad('settlement_date', MM.settlementAfterMaturity)
  }
  if (!isBusinessDay(conventionOf(bond), date)) {
    throw bad('settlement_date', 'Settlement date must be a business day')
  }
}

/** The instant of an HH:MM trade time on a date, India's clock (UTC+05:30). */
export function tradedAt(tradeDate: string, tradeTime: string): Date {
  return new Date(`${tradeDate}T${tradeTime}:00+05:30`)
}

/** When a deal traded at `at` must be reported by. */
export function reportDue(at: Date): Date {
  return new Date(at.getTime() + REPORTING_WINDOW_MINUTES * 60_000)
}

/** One change to a ticket: what to set, the timeline's words, the audit action. */
export interface Change {
  action: string
  to: TradeState
  set?: Partial<typeof tradeTickets.$inferInsert>
  detail?: string | null
  audit?:
    | 'ticket_changed'
    | 'ticket_report_overdue'
    | 'trade_reported'
    | 'trade_report_rejected'
    | 'trade_settled'
}

/**
 * Apply a change to a locked ticket: new state and version, a timeline entry, an audit entry with
 * before and after; returns the ticket as it now is. Run inside the transaction holding the lock.
 */
export async function applyChange(
  db: Db,
  row: TicketWithBond,
  actor: { userId: string | null; ip?: string | undefined },
  change: Change,
  now: Date,
): Promise<TicketWithBond> {
  const set = { ...change.set, state: change.to, version: row.version + 1, updatedAt: now }
  await db.update(tradeTickets).set(set).where(eq(tradeTickets.id, row.id))
  await db.insert(tradeTicketEvents).values({
    ticketId: row.id,
    at: now,
    actorUserId: actor.userId,
    action: change.action,
    fromState: row.state,
    toState: change.to,
    detail: change.detail ?? null,
  })
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(set)) {
    if (key === 'updatedAt') continue
    before[key] = (row as Record<string, unknown>)[key]
    after[key] = value
  }
  await audit(db, {
    actor: actor.userId,
    action: change.audit ?? 'ticket_changed',
    ip: actor.ip ?? null,
    detail: { ticket_id: row.id, action: change.action, before, after },
  })
  const next = await ticketById(db, row.id)
  if (!next) throw new Error(`ticket ${row.id} vanished inside its transaction`)
  return next
}
