// PUT api/inventory/edit-valuation-cost/: a position's cost set by hand; the old value is kept on
// the (hash-chained) audit log beside the new.
import {
  INVENTORY_MESSAGES as IM,
  type EditValuationCostPayload,
  type InventoryPosition,
} from '@bonds/domain'
import { roundTo } from '@bonds/pricing'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { bookOf } from '../book.ts'
import type { InventoryContext } from '../context.ts'
import { upsertCost } from '../repo.ts'

/** Change a position's cost; answers the position revalued. */
export async function editValuationCost(
  ctx: InventoryContext,
  user: AuthUser,
  payload: EditValuationCostPayload,
  ip?: string,
): Promise<InventoryPosition> {
  const find = async () =>
    (await bookOf(ctx, user)).positions.find(
      (p) => p.book === payload.book && p.finstrument_id === payload.finstrument_id,
    )
  const before = await find()
  if (!before) throw new HttpError(404, IM.positionNotFound)
  const cost = roundTo(payload.cost_clean_price, 4)
  await ctx.db.transaction(async (tx) => {
    await upsertCost(tx, {
      clientId: user.clientId,
      book: payload.book,
      finstrumentId: payload.finstrument_id,
      costCleanPrice: cost,
      updatedBy: user.id,
      updatedAt: ctx.now(),
    })
    await audit(tx, {
      actor: user.id,
      action: 'inventory_cost_edited',
      ip: ip ?? null,
      detail: {
        book: payload.book,
        finstrument_id: payload.finstrument_id,
        old_cost_clean_price: before.cost_clean_price,
        new_cost_clean_price: cost,
      },
    })
  })
  const after = await find()
  if (!after) throw new HttpError(404, IM.positionNotFound)
  return after
}
