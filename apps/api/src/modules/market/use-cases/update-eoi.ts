// Change one's own live quote (`PUT api/eoi/update/{id}/`): its quantum, its price or yield (the
// other computed at its settlement, as when posted) and its validity. A response or counter moves
// with its cluster or negotiation instead (decision 261).
import {
  MARKET_MESSAGES as MM,
  RFQ_MESSAGES as RM,
  type Eoi,
  type EoiUpdatePayload,
} from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { findFinstrument } from '../../finstruments/index.ts'
import { bad, isNumericId, type MarketContext } from '../context.ts'
import { eoiView, isLive, MAX_VALIDITY_MINUTES } from '../model.ts'
import { quotePrice, termsOrNull } from '../prices.ts'
import { eoiById } from '../repo.ts'
import { updateEoi as updateEoiRow } from '../rfq-repo.ts'

/** Change one of the caller's firm's live quotes. */
export async function updateEoi(
  { now, transact }: MarketContext,
  user: AuthUser,
  id: string,
  payload: EoiUpdatePayload,
  ip?: string,
): Promise<Eoi> {
  const at = now()
  if (!isNumericId(id)) throw new HttpError(404, 'Quote not found')
  const updated = await transact(
    async (tx) => {
      const eoi = await eoiById(tx, Number(id), { lock: true })
      if (!eoi || eoi.clientId !== user.clientId) throw new HttpError(404, 'Quote not found')
      if (eoi.respondEoiId !== null) throw bad('id', RM.respondedQuote)
      if (!isLive(eoi, at)) throw new HttpError(409, MM.quoteNotLive)
      const bond = await findFinstrument(tx, eoi.finstrumentId)
      if (!bond) throw new HttpError(404, 'Bond not found')

      let expiresAt = eoi.expiresAt
      if (payload.expiry_date_stored) {
        expiresAt = new Date(payload.expiry_date_stored)
        if (expiresAt <= at) throw bad('expiry_date_stored', MM.expiryPast)
        if (expiresAt.getTime() > at.getTime() + MAX_VALIDITY_MINUTES * 60_000) {
          throw bad('expiry_date_stored', MM.expiryTooFar)
        }
      } else if (payload.validity) {
        if (payload.validity > MAX_VALIDITY_MINUTES) {
          throw bad('validity', `Validity is at most ${MAX_VALIDITY_MINUTES} minutes`)
        }
        expiresAt = new Date(at.getTime() + payload.validity * 60_000)
      }
      const repriced = payload.unit_price_stored != null || payload.yield_stored != null
      const fixed =
        payload.fixed_field ??
        (payload.yield_stored != null
          ? 'yield'
          : payload.unit_price_stored != null
            ? 'price'
            : (eoi.fixedField as 'yield' | 'price'))
      const price = repriced
        ? quotePrice(
            termsOrNull(bond),
            eoi.settlementDate,
            { fixed, price: payload.unit_price_stored, yield: payload.yield_stored },
            { price: 'unit_price_stored', yield: 'yield_stored' },
          )
        : { unitPrice: eoi.unitPrice, bondYield: eoi.bondYield }
      const patch = {
        quantum: payload.quantum ?? eoi.quantum,
        unitPrice: price.unitPrice,
        bondYield: price.bondYield,
        fixedField: repriced ? fixed : eoi.fixedField,
        // A repriced quote is the server's numbers again.
        priceOverridden: repriced ? false : eoi.priceOverridden,
        expiresAt,
        userId: user.id,
        updatedAt: at,
      }
      await updateEoiRow(tx, eoi.id, patch)
      await audit(tx, {
        actor: user.id,
        action: 'eoi_updated',
        ip: ip ?? null,
        detail: { eoi_id: eoi.id, ...payload },
      })
      return { ...eoi, ...patch }
    },
    (row, events) => events.eoi(row),
  )
  return eoiView(updated, at)
}
