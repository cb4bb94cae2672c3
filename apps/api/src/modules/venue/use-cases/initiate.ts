// Put an RFQ on the exchange (the initiator's Dealer): the bond, side, size, level and settlement,
// addressed to one counterparty firm or to several (one leg each: decision 329), on an exchange
// every firm's rfq_exchanges allow. The venue checks its session, lot and price rules; a refusal
// writes nothing.
import {
  PRIVATE_RUN_MESSAGES as PM,
  type RfqExchange,
  type VenueRfq,
  type VenueRfqCreate,
  type VenueRfqCreated,
} from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import { sql } from 'drizzle-orm'
import { audit } from '../../../db/audit.ts'
import { venueRfqs } from '../../../db/runs-schema.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { findFinstrument, type FinstrumentRow } from '../../finstruments/index.ts'
import { conventionOf, settlementFor } from '../../pricing/index.ts'
import { allowedExchange, bad, refused, venueExchanges, type VenueContext } from '../context.ts'
import { namesOf, rfqById, rfqExchangesOf, type VenueRfqRow } from '../repo.ts'
import { rfqView } from '../view.ts'
import type { VenueTerms } from '../port.ts'

/** What an RFQ is put on the exchange with. */
export interface RfqRequest {
  exchange: RfqExchange
  finstrumentId: string
  quoteType: 'BID' | 'ASK'
  quantum: number
  yield: number | null
  price: number | null
  settlementDelta: 0 | 1 | null
  responderClientId: string
}

/** The venue's terms of a bond and level. */
export function termsOf(
  bond: FinstrumentRow,
  request: Omit<RfqRequest, 'responderClientId' | 'settlementDelta' | 'finstrumentId'> & {
    settlementDate: string
  },
): VenueTerms {
  return {
    exchange: request.exchange,
    isin: bond.isin,
    faceValue: bond.faceValue,
    convention: conventionOf(bond),
    quoteType: request.quoteType,
    quantum: request.quantum,
    yield: request.yield,
    price: request.price,
    settlementDate: request.settlementDate,
  }
}

/** Initiate an exchange RFQ to one firm; answers it as the initiator sees it. */
export async function initiate(
  context: VenueContext,
  user: AuthUser,
  request: RfqRequest,
  ip?: string,
): Promise<VenueRfq> {
  const { responderClientId, ...rest } = request
  const [row] = await place(context, user, rest, [responderClientId], ip)
  return rfqView(row!, user, await namesOf(context.db, [row!]))
}

/**
 * `POST api/venue/rfq/`: an RFQ to one firm or to several at once (one-to-many, decision 329):
 * one leg a firm, each quoted by its firm; the initiator sees every quote and accepts one.
 */
export async function initiateMany(
  context: VenueContext,
  user: AuthUser,
  body: VenueRfqCreate,
  ip?: string,
): Promise<VenueRfqCreated> {
  const rows = await place(
    context,
    user,
    {
      exchange: body.exchange,
      finstrumentId: body.finstrument_id,
      quoteType: body.quote_type,
      quantum: body.quantum,
      yield: body.yield ?? null,
      price: body.price ?? null,
      settlementDelta: body.settlement_delta,
    },
    body.counterparty_client_ids,
    ip,
  )
  const names = await namesOf(context.db, rows)
  return { results: rows.map((row) => rfqView(row, user, names)) }
}

/** Check, ask the venue, then store one row a responder (nothing when the venue refuses). */
async function place(
  context: VenueContext,
  user: AuthUser,
  request: Omit<RfqRequest, 'responderClientId'>,
  responders: readonly string[],
  ip?: string,
): Promise<VenueRfqRow[]> {
  const { db, now, port, transact } = context
  const exchange = allowedExchange(await rfqExchangesOf(db, user.clientId), request.exchange)
  const field = responders.length > 1 ? 'counterparty_client_ids' : 'exchange'
  for (const responder of responders) {
    if (responder === user.clientId) throw bad(field, PM.ownFirm)
    const theirs = venueExchanges(await rfqExchangesOf(db, responder))
    if (!theirs.includes(exchange)) throw bad(field, PM.counterpartyNotOnExchange)
  }
  const bond = await findFinstrument(db, request.finstrumentId)
  if (!bond) throw bad('finstrument_id', 'Bond not found')
  if (!bond.isListed || !bond.isAvailable) {
    throw new HttpError(422, 'This bond is not listed and cannot be placed on the exchange')
  }
  const at = now()
  const settlementDate = settlementFor(
    conventionOf(bond),
    { settlement_delta: request.settlementDelta },
    todayInIndia(at),
  )
  const terms = termsOf(bond, { ...request, exchange, settlementDate })
  // Our ids first (the venue's reference is made from the first); nothing is stored if the venue
  // refuses. node-postgres and PGlite both answer { rows }.
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence('venue_rfqs', 'id')) as id
        from generate_series(1, ${responders.length})`,
  )
  const ids = (result as unknown as { rows: { id: string | number }[] }).rows
    .map((r) => Number(r.id))
    .sort((a, b) => a - b)
  const first = ids[0]!
  const answer = await port.initiate(terms, first, responders.length)
  if (!answer.ok) throw refused(answer)
  const legs = responders.length > 1 ? answer.legs : [answer.ref]
  if (!legs || legs.length !== responders.length) {
    throw new Error(`the venue answered ${legs?.length ?? 0} legs for ${responders.length} firms`)
  }
  const step = {
    at: answer.at.toISOString(),
    by: 'initiator' as const,
    action: 'initiate' as const,
    yield: request.yield,
    price: request.price,
    quantum: request.quantum,
  }
  return transact(async (tx, events, joined) => {
    const rows: VenueRfqRow[] = []
    for (const [i, responder] of responders.entries()) {
      const id = ids[i]!
      await tx.insert(venueRfqs).values({
        id,
        exchange,
        venueRef: legs[i]!,
        state: 'initiated',
        initiatorClientId: user.clientId,
        initiatorUserId: user.id,
        responderClientId: responder,
        groupId: responders.length > 1 ? first : null,
        finstrumentId: bond.id,
        quoteType: request.quoteType,
        quantum: request.quantum,
        yieldValue: request.yield,
        price: request.price,
        settlementDate,
        lastBy: 'initiator',
        history: [step],
        createdAt: at,
        updatedAt: at,
      })
      await audit(tx, {
        actor: user.id,
        action: 'venue_rfq_changed',
        ip: ip ?? null,
        detail: { venue_rfq_id: id, step: 'initiate', exchange, ref: legs[i] },
      })
      const stored = await rfqById(tx, id)
      if (!stored) throw new Error(`venue RFQ ${id} not found after insert`)
      await events.changed(stored)
      await events.inquiry(stored)
      await context.onChange(joined, stored)
      rows.push(stored)
    }
    return rows
  })
}
