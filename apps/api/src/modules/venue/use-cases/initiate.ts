// Put an RFQ on the exchange (the initiator's Dealer): the bond, side, size, level and settlement,
// addressed to one counterparty firm, on an exchange both firms' rfq_exchanges allow. The venue
// checks its session, lot and price rules; a refusal writes nothing.
import { PRIVATE_RUN_MESSAGES as PM, type RfqExchange, type VenueRfq } from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import { sql } from 'drizzle-orm'
import { audit } from '../../../db/audit.ts'
import { venueRfqs } from '../../../db/runs-schema.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { findFinstrument, type FinstrumentRow } from '../../finstruments/index.ts'
import { conventionOf, settlementFor } from '../../pricing/index.ts'
import { allowedExchange, bad, refused, venueExchanges, type VenueContext } from '../context.ts'
import { namesOf, rfqById, rfqExchangesOf } from '../repo.ts'
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

/** Initiate an exchange RFQ; answers it as the initiator sees it. */
export async function initiate(
  context: VenueContext,
  user: AuthUser,
  request: RfqRequest,
  ip?: string,
): Promise<VenueRfq> {
  const { db, now, port, transact } = context
  const exchange = allowedExchange(await rfqExchangesOf(db, user.clientId), request.exchange)
  if (request.responderClientId === user.clientId) {
    throw bad('exchange', 'An RFQ goes to another firm')
  }
  const theirs = venueExchanges(await rfqExchangesOf(db, request.responderClientId))
  if (!theirs.includes(exchange)) throw bad('exchange', PM.counterpartyNotOnExchange)
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
  // Our id first (the venue's reference is made from it); nothing is stored if the venue refuses.
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence('venue_rfqs', 'id')) as id`,
  )
  // node-postgres and PGlite both answer { rows }.
  const [next] = (result as unknown as { rows: { id: string | number }[] }).rows
  const id = Number(next?.id)
  const answer = await port.initiate(terms, id)
  if (!answer.ok) throw refused(answer)
  const step = {
    at: answer.at.toISOString(),
    by: 'initiator' as const,
    action: 'initiate' as const,
    yield: request.yield,
    price: request.price,
    quantum: request.quantum,
  }
  const row = await transact(async (tx, events, joined) => {
    await tx.insert(venueRfqs).values({
      id,
      exchange,
      venueRef: answer.ref,
      state: 'initiated',
      initiatorClientId: user.clientId,
      initiatorUserId: user.id,
      responderClientId: request.responderClientId,
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
      detail: { venue_rfq_id: id, step: 'initiate', exchange, ref: answer.ref },
    })
    const stored = await rfqById(tx, id)
    if (!stored) throw new Error(`venue RFQ ${id} not found after insert`)
    await events.changed(stored)
    await context.onChange(joined, stored)
    return stored
  })
  return rfqView(row, user, await namesOf(db, [row]))
}
