// A firm's book as of today: movements from uploads, external trades and the platform's settled
// orders folded into holdings, the reserved face value of live offers, each holding valued.
import { PERMISSIONS, PLATFORM_BOOK, type InventoryPosition } from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import type { AuthUser } from '../../http/access.ts'
import { settledOrdersOf, settledOrdersVersion } from '../tickets/index.ts'
import type { InventoryContext, ValuedBook } from './context.ts'
import { bondsById, costsOf, entriesOf, entriesVersion, openOffersOf } from './repo.ts'
import { foldHoldings, valueHolding, type MarketLevel, type Movement } from './valuation.ts'

/** The key of a position: book and bond. */
export const positionKey = (book: string, finstrumentId: string) => `${book}\u0000${finstrumentId}`

/** Every movement of a client's book, in entry order. */
export async function movementsOf(ctx: InventoryContext, clientId: string): Promise<Movement[]> {
  const [entries, orders] = await Promise.all([
    entriesOf(ctx.db, clientId),
    settledOrdersOf(ctx.db, clientId),
  ])
  const moves: Movement[] = entries.map((e) => ({
    book: e.book,
    finstrumentId: e.finstrumentId,
    side: e.side === 'sell' ? 'sell' : 'buy',
    faceValue: e.faceValue,
    cleanPrice: e.cleanPrice,
    settlementDate: e.settlementDate,
    seq: e.id,
  }))
  for (const order of orders) {
    moves.push({
      book: PLATFORM_BOOK,
      finstrumentId: order.finstrumentId,
      side: order.side,
      faceValue: order.faceValue,
      cleanPrice: order.cleanPrice,
      settlementDate: order.settlementDate,
      seq: Number.MAX_SAFE_INTEGER - 1_000_000_000 + order.id,
    })
  }
  return moves
}

/**
 * Face value reserved by live offers, by position: an EOI's while it is live on the market, a
 * private run's until its expiry (decision 291).
 */
export async function reservedOf(ctx: InventoryContext, user: AuthUser, now: Date) {
  const reserved = new Map<string, number>()
  const offers = await openOffersOf(ctx.db, user.clientId, now)
  if (offers.length === 0) return reserved
  const live = new Set<number>()
  for (let page = 1; offers.some((o) => o.eoiId !== null) && page <= 100; page++) {
    const found = await ctx.market.listEois(user, { live: true, page, page_size: 100 })
    for (const eoi of found.results) live.add(eoi.id)
    if (page * 100 >= found.count) break
  }
  for (const offer of offers) {
    if (offer.eoiId !== null && !live.has(offer.eoiId)) continue
    const key = positionKey(offer.book, offer.finstrumentId)
    reserved.set(key, (reserved.get(key) ?? 0) + offer.faceValue)
  }
  return reserved
}

/** Most valued books a service keeps (the oldest goes first). */
const MAX_VALUED_BOOKS = 200

/** A bond's market level as text to compare ('-' without one). */
const levelKey = (level: MarketLevel | undefined) =>
  level ? `${level.source}${level.bondYield}@${level.at.getTime()}` : '-'

/** The caller's firm's positions as of now, valued (matured bonds are redeemed, not held). */
export async function bookOf(
  ctx: InventoryContext,
  user: AuthUser,
): Promise<{
  positions: InventoryPosition[]
  today: string
}> {
  const now = ctx.now()
  const today = todayInIndia(now)
  const viewer = { quotes: user.permissions.includes(PERMISSIONS.canTrade) }
  const cacheKey = `${user.clientId}|${viewer.quotes}`
  const [entries, orders, reserved] = await Promise.all([
    entriesVersion(ctx.db, user.clientId),
    settledOrdersVersion(ctx.db, user.clientId),
    reservedOf(ctx, user, now),
  ])
  const version = `${today}|${entries}|${orders}|${[...reserved].sort().join(';')}`
  const valuedBooks = ctx.valuedBooks
  const cached = valuedBooks.get(cacheKey)
  if (cached && cached.version === version) {
    // The same book: only the positions of bonds whose market level moved are valued again.
    const levels = await ctx.market.levels([...cached.levels.keys()], now, viewer)
    const moved = [...cached.levels].filter(([id, key]) => levelKey(levels.get(id)) !== key)
    if (moved.length === 0) return { positions: cached.positions, today }
    const ids = new Set(moved.map(([id]) => id))
    const positions = cached.inputs.map((input, i) =>
      ids.has(input.bond.id)
        ? valueHolding(input.holding, input.bond, levels.get(input.bond.id), today)
        : cached.positions[i]!,
    )
    for (const id of ids) cached.levels.set(id, levelKey(levels.get(id)))
    cached.positions = positions
    return { positions, today }
  }
  const [moves, costs] = await Promise.all([
    movementsOf(ctx, user.clientId),
    costsOf(ctx.db, user.clientId),
  ])
  const holdings = foldHoldings(moves, today)
  const bonds = await bondsById(
    ctx.db,
    holdings.map((h) => h.finstrumentId),
  )
  const bondIds = [...bonds.keys()].sort()
  const levels = await ctx.market.levels(bondIds, now, viewer)
  const inputs: ValuedBook['inputs'] = []
  for (const h of holdings) {
    const bond = bonds.get(h.finstrumentId)
    if (!bond || (bond.maturityDate && bond.maturityDate <= today)) continue
    const key = positionKey(h.book, h.finstrumentId)
    const edited = costs.get(key)
    inputs.push({
      bond,
      holding: {
        ...h,
        cost: edited ?? h.cost,
        costEdited: edited !== undefined,
        reserved: (reserved.get(key) ?? 0) + h.pendingSales,
      },
    })
  }
  const positions = inputs.map(({ holding, bond }) =>
    valueHolding(holding, bond, levels.get(bond.id), today),
  )
  valuedBooks.delete(cacheKey)
  if (valuedBooks.size >= MAX_VALUED_BOOKS) {
    const oldest = valuedBooks.keys().next().value
    if (oldest !== undefined) valuedBooks.delete(oldest)
  }
  valuedBooks.set(cacheKey, {
    version,
    levels: new Map(bondIds.map((id) => [id, levelKey(levels.get(id))])),
    inputs,
    positions,
  })
  return { positions, today }
}
