// POST api/inventory/offer/: selected positions become offers on the market, each an EOI to sell
// posted through the market's own create-EOI use case, never more than the free position (face
// already offered on a live EOI, or sold for a later settlement, is reserved).
import {
  eoiCreateSchema,
  INVENTORY_MESSAGES as IM,
  type InventoryOfferPayload,
  type InventoryOfferResult,
} from '@bonds/domain'
import { formatQuantum, formatRupees, roundTo } from '@bonds/pricing'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { bookOf, positionKey } from '../book.ts'
import { bad, type InventoryContext } from '../context.ts'
import { bondsById, insertOffer } from '../repo.ts'

/** Offer positions of the caller's firm on the market. */
export async function offerPositions(
  ctx: InventoryContext,
  user: AuthUser,
  payload: InventoryOfferPayload,
  ip?: string,
): Promise<InventoryOfferResult> {
  const { positions } = await bookOf(ctx, user)
  const byKey = new Map(positions.map((p) => [positionKey(p.book, p.finstrument_id), p]))
  const bonds = await bondsById(
    ctx.db,
    payload.offers.map((o) => o.finstrument_id),
  )
  const asked = new Map<string, number>()
  // Every offer is checked before any is posted.
  const checked = payload.offers.map((offer, i) => {
    const field = `offers.${i}`
    const position = byKey.get(positionKey(offer.book, offer.finstrument_id))
    if (!position) throw bad(`${field}.finstrument_id`, IM.positionNotFound)
    const lot = bonds.get(offer.finstrument_id)?.faceValue ?? 0
    if (!Number.isSafeInteger(offer.quantum))
      throw bad(`${field}.quantum`, 'Should be whole rupees')
    if (lot > 0 && offer.quantum % lot !== 0) {
      throw bad(`${field}.quantum`, IM.notLotMultiple(formatRupees(lot, 0)))
    }
    const key = positionKey(offer.book, offer.finstrument_id)
    const total = (asked.get(key) ?? 0) + offer.quantum
    if (total > position.free_face_value) {
      throw bad(`${field}.quantum`, IM.moreThanFree(formatQuantum(position.free_face_value)))
    }
    asked.set(key, total)
    return { offer, position }
  })

  const results: InventoryOfferResult['results'] = []
  for (const { offer, position } of checked) {
    const byYield =
      offer.bond_yield != null || (offer.unit_clean_price == null && position.yield !== null)
    const eoi = await ctx.market.createEoi(
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
              unit_price_stored: roundTo(offer.unit_clean_price ?? position.market_clean_price, 4),
            }),
        ...(offer.settlement_date ? { settlement_date: offer.settlement_date } : {}),
      }),
      ip,
    )
    await ctx.db.transaction(async (tx) => {
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
    })
    results.push({
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
  return { results }
}
