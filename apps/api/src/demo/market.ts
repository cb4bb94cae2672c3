// Demo market (demo mode only): Demo Capital's dealer offers and Demo Securities' broker bids on a
// few real bonds, and the broker answers one offer, through the same market service a dealer's
// screen uses. Quotes last until the market's close, so the book is posted again whenever the demo
// dealers have nothing live: at start, at the moment the book expires, and each hour besides.
import { roundTo } from '@bonds/pricing'
import type { Db } from '../db/index.ts'
import type { AuthUser } from '../http/access.ts'
import { authUserOf, userByEmail } from '../modules/accounts/index.ts'
import type { TokenService } from '../modules/auth/index.ts'
import { findFinstrument } from '../modules/finstruments/index.ts'
import { firstLiveEoiExpiry, hasLiveEois, type MarketService } from '../modules/market/index.ts'

/**
 * The bonds of the demo book (from the imported universe), and the yield the levels centre on:
 * the issuer's disclosed yield where the data has one, else the coupon (docs/decisions/120).
 */
export const DEMO_BOOK: readonly { isin: string; sizes: readonly number[] }[] = [
  { isin: 'IN0020210244', sizes: [50_000_000, 100_000_000] }, // 6.54% GS 2032
  { isin: 'IN0020230085', sizes: [100_000_000, 250_000_000] }, // 7.18% GS 2033
  { isin: 'IN0020230077', sizes: [50_000_000, 150_000_000] }, // 7.18% GS 2037
  { isin: 'INE121A07RE9', sizes: [10_000_000, 25_000_000] }, // 8.4% Cholamandalam 2028
  { isin: 'INE207O08019', sizes: [20_000_000, 50_000_000] }, // 8.12% PNB MetLife 2032
  { isin: 'INE219X07223', sizes: [5_000_000, 10_000_000] }, // 7.9% India Grid Trust 2028
]

/** How often a demo server checks that its book is still live, at the longest. */
export const DEMO_MARKET_CHECK_MS = 60 * 60 * 1000

/**
 * When the demo server should next check its book: just after the first of its live quotes
 * expires (so a visitor, or a journey, never meets an empty book at the market's close), and
 * within DEMO_MARKET_CHECK_MS in any case.
 */
export async function nextDemoMarketCheckMs(db: Db, now = new Date()): Promise<number> {
  let next = now.getTime() + DEMO_MARKET_CHECK_MS
  for (const email of ['dealer@demo.test', 'broker@demo.test']) {
    const user = await userByEmail(db, email)
    if (!user) continue
    const expiry = await firstLiveEoiExpiry(db, user.clientId, now)
    if (expiry) next = Math.min(next, new Date(expiry).getTime() + 1000)
  }
  return Math.max(1000, next - now.getTime())
}

/** Offers sit this far below the centre yield, bids this far above (fractions), level by level. */
const OFFER_STEPS = [0.0001, 0.0002] as const
const BID_STEPS = [0.0003, 0.0005] as const

/** A demo account signed in (a session of its own) for the demo market to act as, and its close. */
export async function signedIn(
  db: Db,
  tokens: TokenService,
  email: string,
  done = 'demo market posted',
) {
  const user = await userByEmail(db, email)
  if (!user) return null
  const { sessionId } = await tokens.openSession(user.id, { ip: '127.0.0.1' })
  const caller = (await authUserOf(db, user.id, sessionId)) as AuthUser
  return { caller, close: () => tokens.revoke(sessionId, done) }
}

/**
 * Post the demo book when the demo dealer and broker have no live quotes. Returns the quotes
 * posted (0 when the book is still live, or the demo accounts or bonds are missing).
 */
export async function postDemoMarket(
  db: Db,
  market: MarketService,
  tokens: TokenService,
): Promise<number> {
  // Whether the book is still live is read without signing anyone in (no session per check).
  const now = new Date()
  for (const email of ['dealer@demo.test', 'broker@demo.test']) {
    const user = await userByEmail(db, email)
    if (!user) return 0
    if (await hasLiveEois(db, user.clientId, now)) return 0
  }
  const dealer = await signedIn(db, tokens, 'dealer@demo.test')
  const broker = await signedIn(db, tokens, 'broker@demo.test')
  try {
    if (!dealer || !broker) return 0
    let posted = 0
    let firstOffer: { id: number; quantum: number; isin: string } | null = null
    for (const { isin, sizes } of DEMO_BOOK) {
      const bond = await findFinstrument(db, isin)
      if (!bond?.canBePriced || bond.couponRate === null) continue
      const centre = bond.indicativeYield ?? bond.couponRate
      for (const [i, size] of sizes.entries()) {
        const base = {
          finstrument_id: isin,
          quantum: size,
          fixed_field: 'yield' as const,
          source: 'WEBSITE',
          whatsapp_consent: false,
          state: 'DEFAULT' as const,
          is_best: false,
          send_to_rfq: false,
          yield_type: 'YTM',
          price_overridden: false,
          settlement_delta: 1,
        }
        const offer = await market.createEoi(dealer.caller, {
          ...base,
          quote_type: 'ASK',
          yield_stored: roundTo(centre - (OFFER_STEPS[i] ?? 0), 6),
        })
        await market.createEoi(broker.caller, {
          ...base,
          quote_type: 'BID',
          yield_stored: roundTo(centre + (BID_STEPS[i] ?? 0), 6),
        })
        posted += 2
        firstOffer ??= { id: offer.id, quantum: offer.quantum, isin }
      }
    }
    // The broker answers the first offer at its price: an open cluster to negotiate.
    if (firstOffer) {
      await market.respond(broker.caller, {
        client_id: broker.caller.clientId,
        finstrumentId: firstOffer.isin,
        respond_eoi_id: firstOffer.id,
        maximum_lot_stored: firstOffer.quantum / 2,
        source: 'WEBSITE',
        use_respond_eoi_price: true,
      })
      posted += 1
    }
    return posted
  } finally {
    await dealer?.close()
    await broker?.close()
  }
}
