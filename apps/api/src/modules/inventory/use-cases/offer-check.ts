// Offers checked before any is made: each against the free position (several of one position add
// up), and a refusal midway named by its position (decision 292).
import {
  INVENTORY_MESSAGES as IM,
  type InventoryOfferPayload,
  type InventoryPosition,
} from '@bonds/domain'
import { formatQuantum, formatRupees } from '@bonds/pricing'
import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/index.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { bookOf, positionKey } from '../book.ts'
import { bad, type InventoryContext } from '../context.ts'
import { bondsById, openOffersOf } from '../repo.ts'

/** An offer checked against the book: the position it takes from. */
export interface CheckedOffer {
  offer: InventoryOfferPayload['offers'][number]
  position: InventoryPosition
}

/** Offers checked, and the firm's open offers there were before the check read the book. */
export interface CheckedOffers extends Array<CheckedOffer> {
  seen?: ReadonlySet<number>
}

/** Check every offer against the free positions (several of one position add up). */
export async function checkOffers(
  ctx: InventoryContext,
  user: AuthUser,
  payload: InventoryOfferPayload,
): Promise<CheckedOffers> {
  const seen = new Set(
    (await openOffersOf(ctx.db, user.clientId, ctx.now())).map((offer) => offer.id),
  )
  const { positions } = await bookOf(ctx, user)
  const byKey = new Map(positions.map((p) => [positionKey(p.book, p.finstrument_id), p]))
  const bonds = await bondsById(
    ctx.db,
    payload.offers.map((o) => o.finstrument_id),
  )
  const asked = new Map<string, number>()
  const checked: CheckedOffers = payload.offers.map((offer, i) => {
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
  checked.seen = seen
  return checked
}

/**
 * In the offer's transaction: offers of one firm are made one at a time (a transaction lock per
 * firm, across instances), and an offer made on one of these positions since the check read the
 * book refuses this one (409), so two offers at once never take more than the free position.
 */
export async function holdPositions(
  tx: Db,
  user: AuthUser,
  checked: CheckedOffers,
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`inventory-offer:${user.clientId}`}))`,
  )
  const keys = new Set(checked.map(({ offer }) => positionKey(offer.book, offer.finstrument_id)))
  const since = (await openOffersOf(tx, user.clientId, now)).filter(
    (offer) =>
      !checked.seen?.has(offer.id) && keys.has(positionKey(offer.book, offer.finstrumentId)),
  )
  if (since.length > 0) throw new HttpError(409, IM.offeredMeanwhile)
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
