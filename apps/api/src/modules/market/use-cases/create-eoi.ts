// Post an EOI for the caller's client: the bond quotable, the settlement one it can take, the
// expiry given (or by validity, or at the close), the price computed from the fixed field; it may
// replace one of the client's live EOIs on the same bond and side, which then ends as a withdrawn
// quote does: its open clusters close and its negotiations end (decision 407).
import { MARKET_MESSAGES as MM, PERMISSIONS, type Eoi, type EoiCreatePayload } from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import type { Db } from '../../../db/index.ts'
import type { AuthUser } from '../../../http/access.ts'
import { findFinstrument, type FinstrumentRow } from '../../finstruments/index.ts'
import { conventionOf, priced, settlementFor } from '../../pricing/index.ts'
import { bad, checkSettlement, isNumericId, quotableBond, type MarketContext } from '../context.ts'
import { defaultExpiry, eoiView, isLive, MAX_VALIDITY_MINUTES } from '../model.ts'
import { quotePrice, termsOrNull, type QuotedPrice } from '../prices.ts'
import { checkBroker, checkEndClient } from '../references.ts'
import type { BondLookup } from '../bond-cache.ts'
import { eoiEvents, marketStreamEvents, type EoiChange, type MarketEvents } from '../events.ts'
import { announceQuoteEnded, endQuote, lockMarket, type QuoteEnded } from '../cluster-end.ts'
import { rfqOfQuote, SEND_TO_RFQ_MESSAGES } from '../send-to-rfq.ts'
import type { RfqRequest } from '../../venue/index.ts'
import { updateEoi as updateEoiRow } from '../rfq-repo.ts'
import { insertQuote, type QuoteAudit } from '../quote-write.ts'
import { eoiById, setEoiState, type EoiRow, type EoiWithBond, type NewEoi } from '../repo.ts'

/** A quote checked and priced, ready to be written (`writeEoi`). */
export interface PreparedEoi {
  payload: EoiCreatePayload
  row: FinstrumentRow
  settlement: string
  expiresAt: Date
  price: QuotedPrice
}

/**
 * Check a quote as of `at` — the bond quotable, the references the caller's, the settlement one
 * the bond takes, the expiry within bounds — and price it; each fault is its field's 400. Nothing
 * is written. `bond` reads the bond (the market's cached lookup; else the database).
 */
export async function prepareEoi(
  db: Db,
  user: AuthUser,
  payload: EoiCreatePayload,
  at: Date,
  bond: BondLookup = (id) => findFinstrument(db, id),
): Promise<PreparedEoi> {
  const today = todayInIndia(at)
  const row = await quotableBond(bond, payload.finstrument_id, 'finstrument_id', today)
  if (payload.price_overridden && !user.permissions.includes(PERMISSIONS.priceOverride)) {
    throw bad('price_overridden', MM.overrideNotAllowed)
  }
  await checkEndClient(db, user, payload.end_client_id)
  await checkBroker(db, user, payload.broker_id)
  const convention = conventionOf(row)
  const settlement = priced(() =>
    settlementFor(
      convention,
      { settlement_date: payload.settlement, settlement_delta: payload.settlement_delta },
      today,
    ),
  )
  checkSettlement(row, settlement, today, payload.settlement ? 'settlement' : 'settlement_delta')

  let expiresAt: Date
  if (payload.expiry_date_stored) {
    expiresAt = new Date(payload.expiry_date_stored)
    if (expiresAt <= at) throw bad('expiry_date_stored', MM.expiryPast)
    // As long as the longest validity (issue 19): a quote left live for years is a stale price.
    if (expiresAt.getTime() > at.getTime() + MAX_VALIDITY_MINUTES * 60_000) {
      throw bad('expiry_date_stored', MM.expiryTooFar)
    }
  } else if (payload.validity) {
    if (payload.validity > MAX_VALIDITY_MINUTES) {
      throw bad('validity', `Validity is at most ${MAX_VALIDITY_MINUTES} minutes`)
    }
    expiresAt = new Date(at.getTime() + payload.validity * 60_000)
  } else {
    expiresAt = defaultExpiry(convention, at)
  }

  const price = quotePrice(
    termsOrNull(row),
    settlement,
    {
      fixed: payload.fixed_field,
      price: payload.unit_price_stored,
      yield: payload.yield_stored,
      overridden: payload.price_overridden,
    },
    { price: 'unit_price_stored', yield: 'yield_stored' },
  )
  return { payload, row, settlement, expiresAt, price }
}

/** The row of a prepared quote and its audit entry (`eoi_id` added as it is written). */
function rowsOf(
  user: AuthUser,
  { payload, row, settlement, expiresAt, price }: PreparedEoi,
  replaced: number | null,
  at: Date,
  ip: string | undefined,
): { values: Omit<NewEoi, 'id'>; entry: QuoteAudit } {
  const {
    quantum,
    quote_type,
    source,
    fixed_field,
    price_overridden,
    replaces: _replaces,
    finstrument_id: _bond,
    unit_price_stored: _price,
    yield_stored: _yield,
    settlement: _date,
    settlement_delta,
    expiry_date_stored: _expiry,
    state: _state,
    ...details
  } = payload
  return {
    values: {
      finstrumentId: row.id,
      clientId: user.clientId,
      userId: user.id,
      quoteType: quote_type,
      quantum,
      unitPrice: price.unitPrice,
      bondYield: price.bondYield,
      fixedField: fixed_field,
      priceOverridden: price_overridden,
      settlementDate: settlement,
      settlementDelta: settlement_delta ?? null,
      expiresAt,
      state: 'DEFAULT',
      source,
      replaces: replaced,
      details,
      createdAt: at,
      updatedAt: at,
    },
    entry: {
      actor: user.id,
      action: 'eoi_created',
      ip: ip ?? null,
      detail: { finstrument_id: row.id, quote_type, quantum, replaces: replaced },
    },
  }
}

/** Write a prepared quote in `tx` (closing the quote it replaces), with its audit entry. */
export async function writeEoi(
  tx: Db,
  user: AuthUser,
  prepared: PreparedEoi,
  at: Date,
  ip?: string,
): Promise<WrittenEoi> {
  const { payload, row } = prepared
  const { replaces, quote_type } = payload
  let replaced: EoiWithBond | undefined
  let ended: QuoteEnded | undefined
  if (replaces != null) {
    // The market's lock order (decision 408): the quote replaced with its clusters' and
    // negotiations' quotes, then its clusters, before it is read again and closed.
    const open = isNumericId(String(replaces)) ? await lockMarket(tx, [Number(replaces)]) : []
    replaced = isNumericId(String(replaces))
      ? await eoiById(tx, Number(replaces), { lock: true })
      : undefined
    if (
      !replaced ||
      replaced.clientId !== user.clientId ||
      replaced.finstrumentId !== row.id ||
      replaced.quoteType !== quote_type ||
      !isLive(replaced, at)
    ) {
      throw bad(
        'replaces',
        'The quote to replace is not one of your live quotes on this bond and side',
      )
    }
    await setEoiState(tx, replaced.id, 'CLOSED', at)
    // Replaced, it leaves the market as a withdrawn quote does (decision 407): its open clusters
    // close (their responses with them) and its negotiations end.
    ended = await endQuote(tx, replaced.id, open, at, user.id)
  }
  const { values, entry } = rowsOf(user, prepared, replaced?.id ?? null, at, ip)
  return { eoi: await insertQuote(tx, values, entry), replaced, ended }
}

/** A quote written, the quote it replaced (closed) and what that ended. */
export interface WrittenEoi {
  eoi: EoiRow
  replaced: EoiWithBond | undefined
  ended: QuoteEnded | undefined
}

/** Tell the market of a replaced quote's end and what it ended (their audiences, decision 385). */
export async function announceReplaced(
  events: Pick<MarketEvents, 'eoi' | 'cluster' | 'negotiation'>,
  { replaced, ended }: Pick<WrittenEoi, 'replaced' | 'ended'>,
): Promise<void> {
  if (replaced) await events.eoi({ ...replaced, state: 'CLOSED' })
  if (ended) await announceQuoteEnded(events, ended)
}

/** A quote about to be inserted as its event names it (its id, 0 here, is set in the statement). */
function newQuote(
  values: ReturnType<typeof rowsOf>['values'],
  names: { isin: string; displayName: string },
  at: Date,
): EoiChange {
  return {
    ...names,
    id: 0,
    state: 'DEFAULT',
    respondEoiId: null,
    finstrumentId: values.finstrumentId,
    quoteType: values.quoteType,
    clientId: values.clientId,
    quantum: values.quantum,
    unitPrice: values.unitPrice ?? null,
    bondYield: values.bondYield ?? null,
    fixedField: values.fixedField,
    settlementDate: values.settlementDate,
    expiresAt: values.expiresAt,
    createdAt: at,
    updatedAt: at,
  }
}

/**
 * Post an EOI for the caller's client (replacing one of its live EOIs when `replaces` says so).
 * A quote that replaces nothing is one statement (the quote, its audit entry, its stored event);
 * a replacement locks and closes the quote it replaces in the same transaction.
 */
export async function createEoi(
  { db, now, transact, writeOne, bond, venue }: MarketContext,
  user: AuthUser,
  payload: EoiCreatePayload,
  ip?: string,
): Promise<Eoi> {
  const at = now()
  const prepared = await prepareEoi(db, user, payload, at, bond)
  const { row } = prepared
  const names = { isin: row.isin, displayName: row.displayName }
  // Sent to RFQ: checked before anything is written, placed in the quote's transaction (decision 386).
  let rfq: RfqRequest | undefined
  if (payload.send_to_rfq) {
    if (!venue) throw bad('send_to_rfq', SEND_TO_RFQ_MESSAGES.unavailable)
    rfq = await rfqOfQuote(db, user, prepared, todayInIndia(at))
  }
  let eoi: EoiRow
  if (payload.replaces == null && !rfq) {
    const { values, entry } = rowsOf(user, prepared, null, at, ip)
    eoi = await writeOne(
      (db, outboxed) =>
        insertQuote(
          db,
          values,
          entry,
          // Its id is set in the statement; then the bond's market changed (decision 390).
          outboxed
            ? [
                ...eoiEvents(newQuote(values, names, at), true),
                ...marketStreamEvents([values.finstrumentId]),
              ]
            : [],
        ),
      (created, events) => events.eoi({ ...created, ...names }, true),
    )
  } else {
    const created = await transact(
      async (tx, joined) => {
        const written = await writeEoi(tx, user, prepared, at, ip)
        if (!rfq || !venue) return written
        // The quote and its exchange RFQ are one commit: a venue refusal writes neither.
        const placed = await venue.initiate(joined, user, rfq, ip)
        const details = { ...written.eoi.details, venue_rfq_id: placed.id }
        await updateEoiRow(tx, written.eoi.id, { details })
        return { ...written, eoi: { ...written.eoi, details } }
      },
      async ({ eoi, replaced, ended }, events) => {
        await announceReplaced(events, { replaced, ended })
        await events.eoi({ ...eoi, ...names }, true)
      },
    )
    eoi = created.eoi
  }
  return eoiView({ ...eoi, ...names }, at)
}
