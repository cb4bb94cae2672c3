// The demo desk's decisions: seeded (the same seed, the same market), mids that stay near their
// level from the data, quotes on the right side of the mid, threads answered in turn and closed
// by the firm whose turn it is, a full book thinned rather than grown.
import { describe, expect, it } from 'vitest'
import {
  BP,
  DESK_PAUSE_MS,
  MAX_DESK_QUOTES,
  MAX_DRIFT,
  levelFor,
  pauseMs,
  planStep,
  seededRandom,
  walkMids,
  type DeskBond,
  type DeskQuote,
  type DeskState,
} from './desk-plan.ts'

const GSEC: DeskBond = {
  isin: 'IN0020230085',
  centre: 0.0712,
  mid: 0.0712,
  halfSpread: 1.5 * BP,
  sizes: [100_000_000],
}
const NOW = 1_000_000

const quote = (over: Partial<DeskQuote> = {}): DeskQuote => ({
  id: 1,
  isin: GSEC.isin,
  firm: 'dealer',
  side: 'ASK',
  yield: 0.0711,
  quantum: 100_000_000,
  expiresAt: NOW + 600_000,
  settlementDate: '2026-11-27',
  ...over,
})

describe('the demo desk', () => {
  it('plays the same market from the same seed', () => {
    const run = (seed: number) => {
      const random = seededRandom(seed)
      let bonds = [GSEC]
      return Array.from({ length: 20 }, () => {
        bonds = walkMids(bonds, random)
        return [bonds[0]!.mid, pauseMs(random)]
      })
    }
    expect(run(42)).toEqual(run(42))
    expect(run(42)).not.toEqual(run(43))
  })

  it('keeps each mid within its drift of the level from the data', () => {
    const random = seededRandom(1)
    let bonds = [GSEC]
    for (let i = 0; i < 5_000; i += 1) {
      bonds = walkMids(bonds, random)
      expect(Math.abs(bonds[0]!.mid - GSEC.centre)).toBeLessThanOrEqual(MAX_DRIFT + 1e-12)
    }
  })

  it('offers below the mid in yield and bids above it, in hundredths of a basis point', () => {
    const random = seededRandom(3)
    for (let i = 0; i < 200; i += 1) {
      const ask = levelFor(GSEC, 'ASK', random)
      const bid = levelFor(GSEC, 'BID', random)
      expect(ask).toBeLessThan(GSEC.mid)
      expect(bid).toBeGreaterThan(GSEC.mid)
      expect(Math.abs(Math.round(ask * 1e6) - ask * 1e6)).toBeLessThan(1e-6)
    }
  })

  it('waits a human pause between actions', () => {
    const random = seededRandom(5)
    for (let i = 0; i < 100; i += 1) {
      const wait = pauseMs(random)
      expect(wait).toBeGreaterThanOrEqual(DESK_PAUSE_MS.min)
      expect(wait).toBeLessThanOrEqual(DESK_PAUSE_MS.max)
    }
  })

  it('posts first on an empty book', () => {
    const action = planStep({ bonds: [GSEC], quotes: [], threads: [] }, seededRandom(9), NOW)
    expect(action).toMatchObject({ kind: 'post', isin: GSEC.isin })
  })

  it('answers a thread by the firm whose turn it is: a deal when the two levels meet', () => {
    const state: DeskState = {
      bonds: [GSEC],
      quotes: [quote()],
      threads: [
        {
          negotiationId: 5,
          eoiId: 1,
          counterEoiId: 2,
          lastBy: 'counterparty',
          ownerYield: 0.0711,
          counterYield: 0.07112,
          quantum: 100_000_000,
          rounds: 1,
        },
      ],
    }
    // A random source that always says "yes, act on the thread".
    const action = planStep(state, () => 0, NOW)
    expect(action).toEqual({ kind: 'deal', firm: 'dealer', eoiId: 1, opposingEoiId: 2 })
    // The owner countered last and the gap is wide: the broker meets it halfway, or deals late.
    const wide = {
      ...state,
      threads: [{ ...state.threads[0]!, lastBy: 'owner' as const, counterYield: 0.0713 }],
    }
    const counter = planStep(wide, () => 0.5, NOW)
    expect(counter).toEqual({
      kind: 'counter',
      firm: 'broker',
      eoiId: 1,
      negotiationId: 5,
      yield: 0.0712,
      quantum: 100_000_000,
    })
    const late = { ...wide, threads: [{ ...wide.threads[0]!, rounds: 3 }] }
    expect(planStep(late, () => 0.5, NOW)).toEqual({
      kind: 'deal',
      firm: 'broker',
      eoiId: 2,
      opposingEoiId: 1,
    })
  })

  it('counters a quote from the other firm, asking a little more than its level', () => {
    const state: DeskState = {
      bonds: [GSEC],
      quotes: Array.from({ length: MAX_DESK_QUOTES / 2 }, (_, i) => quote({ id: i + 1 })),
      threads: [],
    }
    // roll 0.8: neither a post nor a move; the counter goes to the other firm's quote.
    const values = [0.8, 0, 0.5]
    const action = planStep(state, () => values.shift() ?? 0.5, NOW)
    expect(action).toMatchObject({ kind: 'counter', firm: 'broker', eoiId: 1, negotiationId: null })
    expect((action as { yield: number }).yield).toBeGreaterThan(0.0711)
  })

  it('withdraws its oldest quote rather than grow a full book, and forgets expired ones', () => {
    const full: DeskState = {
      bonds: [GSEC],
      quotes: Array.from({ length: MAX_DESK_QUOTES }, (_, i) =>
        quote({ id: i + 1, expiresAt: NOW + 1_000 * (MAX_DESK_QUOTES - i) }),
      ),
      threads: [],
    }
    expect(planStep(full, () => 0.95, NOW)).toEqual({
      kind: 'withdraw',
      firm: 'dealer',
      eoiId: MAX_DESK_QUOTES,
    })
    const expired = { ...full, quotes: full.quotes.map((q) => ({ ...q, expiresAt: NOW })) }
    expect(planStep(expired, () => 0.95, NOW)).toMatchObject({ kind: 'post' })
  })
})
