// A counter-quote on a live EOI (`POST api/eoi/add-negotiation/`). A counterparty firm's first
// counter opens its thread and makes its opposing quote (at the EOI's settlement and expiry, not
// in the market: addressed to the EOI's owner alone); later counters move that quote. The owner
// counters back in a thread it names. Both firms' traders hear `rfq_negotiation` (decision 261).
import {
  MARKET_MESSAGES as MM,
  RFQ_MESSAGES as RM,
  type EoiNegotiationPayload,
  type Negotiation,
  type QuoteType,
} from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { findFinstrument } from '../../finstruments/index.ts'
import { bad, isNumericId, type MarketContext } from '../context.ts'
import { isLive } from '../model.ts'
import { quotePrice, termsOrNull } from '../prices.ts'
import { eoiById, insertEoi } from '../repo.ts'
import { negotiationView } from '../rfq-model.ts'
import {
  entriesOf,
  insertEntry,
  insertNegotiation,
  negotiationById,
  openNegotiationOf,
  updateEoi,
  updateNegotiation,
} from '../rfq-repo.ts'

/** Counter a live EOI: open or continue the caller's firm's thread on it. */
export async function negotiate(
  { db, now, transact }: MarketContext,
  user: AuthUser,
  payload: EoiNegotiationPayload,
  ip?: string,
): Promise<Negotiation> {
  const at = now()
  const eoiId = String(payload.eoi_id)
  if (!isNumericId(eoiId)) throw new HttpError(404, 'Quote not found')

  const done = await transact(
    async (tx) => {
      const eoi = await eoiById(tx, Number(eoiId), { lock: true })
      if (!eoi) throw new HttpError(404, 'Quote not found')
      const owner = eoi.clientId === user.clientId
      // A response or counter is addressed to one firm: others do not learn it exists.
      if (eoi.respondEoiId !== null) {
        if (!owner) throw new HttpError(404, 'Quote not found')
        throw bad('eoi_id', RM.respondedQuote)
      }
      if (!isLive(eoi, at)) throw new HttpError(409, MM.quoteNotLive)
      if (payload.quantum > eoi.quantum) throw bad('quantum', MM.aboveQuantum)
      const bond = await findFinstrument(tx, eoi.finstrumentId)
      if (!bond) throw new HttpError(404, 'Bond not found')
      const fixed = payload.yield_stored != null ? 'yield' : 'price'
      const price = quotePrice(
        termsOrNull(bond),
        eoi.settlementDate,
        { fixed, price: payload.unit_price_stored, yield: payload.yield_stored },
        { price: 'unit_price_stored', yield: 'yield_stored' },
      )

      let threadId: number
      if (owner) {
        const named = payload.negotiation_id == null ? '' : String(payload.negotiation_id)
        if (!named) throw bad('negotiation_id', RM.threadNeeded)
        const thread = isNumericId(named)
          ? await negotiationById(tx, Number(named), { lock: true })
          : undefined
        if (!thread || thread.eoiId !== eoi.id) throw bad('negotiation_id', RM.notYourThread)
        if (thread.state !== 'OPEN') throw new HttpError(409, RM.threadClosed)
        threadId = thread.id
      } else {
        const open = await openNegotiationOf(tx, eoi.id, user.clientId)
        if (open) {
          threadId = open.id
          await updateEoi(tx, open.counterEoiId, {
            quantum: payload.quantum,
            unitPrice: price.unitPrice,
            bondYield: price.bondYield,
            fixedField: fixed,
            userId: user.id,
            updatedAt: at,
          })
        } else {
          const side: QuoteType = eoi.quoteType === 'BID' ? 'ASK' : 'BID'
          const counter = await insertEoi(tx, {
            finstrumentId: eoi.finstrumentId,
            clientId: user.clientId,
            userId: user.id,
            quoteType: side,
            quantum: payload.quantum,
            unitPrice: price.unitPrice,
            bondYield: price.bondYield,
            fixedField: fixed,
            priceOverridden: false,
            settlementDate: eoi.settlementDate,
            settlementDelta: null,
            expiresAt: eoi.expiresAt,
            state: 'DEFAULT',
            source: 'RFQ_NEGOTIATION',
            respondEoiId: eoi.id,
            details: {},
            createdAt: at,
            updatedAt: at,
          })
          const thread = await insertNegotiation(tx, {
            eoiId: eoi.id,
            counterEoiId: counter.id,
            finstrumentId: eoi.finstrumentId,
            ownerClientId: eoi.clientId,
            counterpartyClientId: user.clientId,
            state: 'OPEN',
            createdAt: at,
            updatedAt: at,
          })
          threadId = thread.id
        }
      }
      await insertEntry(tx, {
        negotiationId: threadId,
        clientId: user.clientId,
        userId: user.id,
        quantum: payload.quantum,
        unitPrice: price.unitPrice,
        bondYield: price.bondYield,
        fixedField: fixed,
        note: payload.note ?? null,
        createdAt: at,
      })
      await updateNegotiation(tx, threadId, { updatedAt: at })
      await audit(tx, {
        actor: user.id,
        action: 'eoi_negotiated',
        ip: ip ?? null,
        detail: { eoi_id: eoi.id, negotiation_id: threadId, quantum: payload.quantum },
      })
      return { threadId, side: owner ? ('OWNER' as const) : ('COUNTERPARTY' as const) }
    },
    async ({ threadId }, events, tx) => {
      const thread = await negotiationById(tx, threadId)
      if (thread) await events.negotiation(thread)
    },
  )
  const thread = (await negotiationById(db, done.threadId)) as NonNullable<
    Awaited<ReturnType<typeof negotiationById>>
  >
  return negotiationView(thread, await entriesOf(db, [thread.id]), done.side)
}
