// Offers checked before any is made: each against the free position (several of one position add
// up), and a refusal midway named by its position (decision 292).
import {
  INVENTORY_MESSAGES as IM,
  type InventoryOfferPayload,
  type InventoryPosition,
} from '@bonds/domain'
import { formatQuantum, formatRupees } from '@bonds/pricing'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { bookOf, positionKey } from '../book.ts'
import { bad, type InventoryContext } from '../context.ts'
import { bondsById } from '../repo.ts'

/** An offer checked against the book: the position it takes from. */
export interface CheckedOffer {
  offer: InventoryOfferPayload['offers'][number]
  position: InventoryPosition
}

/** Check every offer against the free positions (several of one position add up). */
export async function checkOffers(
  ctx: InventoryContext,
  user: AuthUser,
  payload: InventoryOfferPayload,
): Promise<CheckedOffer[]> {
  const { positions } = await bookOf(ctx, user)
  const byKey = new Map(positions.map((p) => [positionKey(p.book, p.finstrument_id), p]))
  const bonds = await bondsById(
    ctx.db,
    payload.offers.map((o) => o.finstrument_id),
  )
  const asked = new Map<string, number>()
  return payload.offers.map((offer, i) => {
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
}

/** A position as a refusal names it. */
export const positionName = (p: InventoryPosition) => `${p.display_name} (${p.book})`

/** A refusal of one offer midway: the same status, the position named, under `offers.{i}`. */
export function refusedAt(i: number, position: InventoryPosition, error: unknown): unknown {
  if (!(error instanceof HttpError) || error.statusCode >= 500) return error
  const message = IM.offerRefused(positionName(position), error.message.replace(/\.$/, ''))
  const fields = Object.fromEntries(
    Object.values(error.fields ?? {}).length > 0
      ? Object.entries(error.fields ?? {}).map(([field, why]) => [`offers.${i}.${field}`, why])
      : [[`offers.${i}`, error.message]],
  )
  return new HttpError(error.statusCode, message, { ...fields, [`offers.${i}`]: message })
}
