// POST api/inventory/offer/: selected positions become offers, never more than the free position
// (face already offered on a live EOI or a private run, or sold for a later settlement, is
// reserved). On the market each is an EOI to sell posted through the market's own create-EOI use
// case; to chosen counterparties they are a private run (offer-private.ts). All or nothing: every
// offer is checked first, and the EOIs are posted in one transaction, so a refusal of the third
// leaves none posted and names the position (decision 292).
import {
  eoiCreateSchema,
  type InventoryOfferPayload,
  type InventoryOfferResult,
} from '@bonds/domain'
import { roundTo } from '@bonds/pricing'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import type { InventoryContext } from '../context.ts'
import { insertOffer } from '../repo.ts'
import { checkOffers, holdPositions, refusedAt } from './offer-check.ts'
import { offerPrivately } from './offer-private.ts'

/** Offer positions of the caller's firm on the market, or to chosen counterparties. */
export async function offerPositions(
  ctx: InventoryContext,
  user: AuthUser,
  payload: InventoryOfferPayload,
  ip?: string,
): Promise<InventoryOfferResult> {
  const checked = await checkOffers(ctx, user, payload)
  if (payload.counterparty_user_ids) {
    return offerPrivately(ctx, user, checked, payload.counterparty_user_ids, ip)
  }
  const results = await ctx.transact(async (tx, emit) => {
    await holdPositions(tx, user, checked, ctx.now())
    const market = ctx.marketIn(tx, emit)
    const posted: InventoryOfferResult['results'] = []
    for (const [i, { offer, position }] of checked.entries()) {
      const byYield =
        offer.bond_yield != null || (offer.unit_clean_price == null && position.yield !== null)
      const eoi = await market
        .createEoi(
          user,
          eoiCreateSchema.parse({
            quantum: offer.quantum,
            finstrument_id: offer.finstrument_id,
            quote_type: 'ASK',
            source: 'INVENTORY',
            fixed_field: byYield ? 'yield' : 'price',
            ...(byYield
              ? {
                  yield_stored: roundTo(
                    offer.bond_yield != null ? offer.bond_yield / 100 : (position.yield ?? 0),
                    6,
                  ),
                }
              : {
                  unit_price_stored: roundTo(
                    offer.unit_clean_price ?? position.market_clean_price,
                    4,
                  ),
                }),
            ...(offer.settlement_date ? { settlement: offer.settlement_date } : {}),
          }),
          ip,
        )
        .catch((error: unknown) => {
          throw refusedAt(i, position, error)
        })
      await insertOffer(tx, {
        clientId: user.clientId,
        book: offer.book,
        finstrumentId: offer.finstrument_id,
        eoiId: eoi.id,
        faceValue: offer.quantum,
        expiresAt: new Date(eoi.expiry_date_stored),
        createdBy: user.id,
        createdAt: ctx.now(),
      })
      await audit(tx, {
        actor: user.id,
        action: 'inventory_offered',
        ip: ip ?? null,
        detail: {
          eoi_id: eoi.id,
          book: offer.book,
          finstrument_id: offer.finstrument_id,
          quantum: offer.quantum,
        },
      })
      posted.push({
        finstrument_id: eoi.finstrument_id,
        isin: eoi.isin,
        book: offer.book,
        eoi_id: eoi.id,
        quantum: eoi.quantum,
        unit_price_stored: eoi.unit_price_stored,
        yield_stored: eoi.yield_stored,
        expiry_date_stored: eoi.expiry_date_stored,
      })
    }
    return posted
  })
  return { results }
}
