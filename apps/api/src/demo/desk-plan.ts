// The demo desk's decisions (pure): what the demo dealer and broker do next on the live demo market
// (decision 295). Each bond's mid yield walks a little around its level from the data; the two
// firms post quotes either side of it, move their prices with it, counter each other's quotes,
// meet in the middle and deal, and withdraw what has gone stale. The same seed gives the same
// market, so tests can name what happens.

/** The two demo firms the desk acts for. */
export type DeskFirm = 'dealer' | 'broker'

/** A bond the desk trades: its level from the data and where its mid is now (fractions). */
export interface DeskBond {
  isin: string
  /** The bond's level from the data (the disclosed yield, else the coupon): the mid's anchor. */
  centre: number
  /** The mid yield now. */
  mid: number
  /** Half the bid-offer spread, in yield. */
  halfSpread: number
  /** Sizes quoted, in ₹ of face value. */
  sizes: readonly number[]
}

/** One of the desk's live quotes. */
export interface DeskQuote {
  id: number
  isin: string
  firm: DeskFirm
  side: 'BID' | 'ASK'
  yield: number
  quantum: number
  /** Epoch ms. */
  expiresAt: number
  settlementDate: string
}

/** A counter-quote thread between the two firms on one of the desk's quotes. */
export interface DeskThread {
  negotiationId: number
  eoiId: number
  counterEoiId: number
  /** Who made the last counter: the quote's owner or the other firm. */
  lastBy: 'owner' | 'counterparty'
  /** The owner's last level: the quote's until it counters back. */
  ownerYield: number
  /** The other firm's last counter. */
  counterYield: number
  quantum: number
  /** Counters so far. */
  rounds: number
}

/** What the desk knows: its bonds, its live quotes and its open threads. */
export interface DeskState {
  bonds: DeskBond[]
  quotes: DeskQuote[]
  threads: DeskThread[]
}

/** One thing the desk does, through the market service as a trader's screen would. */
export type DeskAction =
  | {
      kind: 'post'
      firm: DeskFirm
      isin: string
      side: 'BID' | 'ASK'
      yield: number
      quantum: number
      validityMinutes: number
    }
  | { kind: 'move'; firm: DeskFirm; eoiId: number; yield: number }
  | {
      kind: 'counter'
      firm: DeskFirm
      eoiId: number
      negotiationId: number | null
      yield: number
      quantum: number
    }
  | { kind: 'deal'; firm: DeskFirm; eoiId: number; opposingEoiId: number }
  | { kind: 'withdraw'; firm: DeskFirm; eoiId: number }

/** A source of numbers in [0, 1). */
export type Random = () => number

/** A seeded generator (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** One basis point, as a yield fraction. */
export const BP = 0.0001
/** How far a mid may wander from its level from the data. */
export const MAX_DRIFT = 15 * BP
/** Live quotes the desk keeps at most (both firms, all bonds). */
export const MAX_DESK_QUOTES = 24
/** The pause between two of the desk's actions: a human pace, a few a minute. */
export const DESK_PAUSE_MS = { min: 4_000, max: 12_000 } as const
/** Quotes last this long (minutes), so the book turns over during the session. */
const VALIDITY_MINUTES = [5, 10, 15] as const

/** A yield rounded to the market's 1/100 of a basis point. */
const tick = (value: number) => Math.round(value / (BP / 100)) * (BP / 100)

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T

const between = (random: Random, min: number, max: number) => min + random() * (max - min)

/** The other firm. */
export const otherFirm = (firm: DeskFirm): DeskFirm => (firm === 'dealer' ? 'broker' : 'dealer')

/**
 * Every mid takes a small step: a random move of up to ±0.5 bp, pulled a tenth of the way back to
 * its level from the data, never more than MAX_DRIFT away from it.
 */
export function walkMids(bonds: readonly DeskBond[], random: Random): DeskBond[] {
  return bonds.map((bond) => {
    const step = between(random, -0.5, 0.5) * BP + (bond.centre - bond.mid) * 0.1
    const mid = Math.min(
      bond.centre + MAX_DRIFT,
      Math.max(bond.centre - MAX_DRIFT, bond.mid + step),
    )
    return { ...bond, mid }
  })
}

/** Where a firm quotes a side of a bond now: offers below the mid in yield, bids above. */
export function levelFor(bond: DeskBond, side: 'BID' | 'ASK', random: Random): number {
  const away = bond.halfSpread * between(random, 0.6, 1.6)
  return tick(side === 'ASK' ? bond.mid - away : bond.mid + away)
}

/** The desk's quotes still live at `now`. */
export const liveQuotes = (state: DeskState, now: number) =>
  state.quotes.filter((quote) => quote.expiresAt > now)

/** The thread's next move by the firm whose turn it is: accept near enough, else meet halfway. */
function answerThread(thread: DeskThread, quote: DeskQuote, random: Random): DeskAction {
  const owner = quote.firm
  const turn = thread.lastBy === 'owner' ? otherFirm(owner) : owner
  const gap = Math.abs(thread.counterYield - thread.ownerYield)
  if (gap <= 0.5 * BP || thread.rounds >= 3 || random() < 0.25) {
    // Deal at the other side's last word: the caller's quote is its own end of the thread.
    const mine = turn === owner ? quote.id : thread.counterEoiId
    const theirs = turn === owner ? thread.counterEoiId : quote.id
    return { kind: 'deal', firm: turn, eoiId: mine, opposingEoiId: theirs }
  }
  return {
    kind: 'counter',
    firm: turn,
    eoiId: quote.id,
    negotiationId: thread.negotiationId,
    yield: tick((thread.ownerYield + thread.counterYield) / 2),
    quantum: thread.quantum,
  }
}

/**
 * The desk's next action at `now`. An open thread is answered most of the time; otherwise the
 * desk posts while its book is thin, moves a quote to the mid's new level, opens a counter on the
 * other firm's quote, or withdraws its oldest quote when the book is full.
 */
export function planStep(state: DeskState, random: Random, now: number): DeskAction | null {
  const live = liveQuotes(state, now)
  const byId = new Map(live.map((quote) => [quote.id, quote]))
  const threads = state.threads.filter((thread) => byId.has(thread.eoiId))
  const open = threads[0]
  if (open && random() < 0.6) return answerThread(open, byId.get(open.eoiId) as DeskQuote, random)

  const roll = random()
  const untouched = live.filter((quote) => !threads.some((thread) => thread.eoiId === quote.id))
  if (live.length < MAX_DESK_QUOTES / 2 || (roll < 0.4 && live.length < MAX_DESK_QUOTES)) {
    const bond = pick(random, state.bonds)
    const firm: DeskFirm = random() < 0.5 ? 'dealer' : 'broker'
    // The dealer mostly offers and the broker mostly bids, as their desks do; sometimes the other way.
    const side = random() < 0.75 === (firm === 'dealer') ? 'ASK' : 'BID'
    return {
      kind: 'post',
      firm,
      isin: bond.isin,
      side,
      yield: levelFor(bond, side, random),
      quantum: pick(random, bond.sizes),
      validityMinutes: pick(random, VALIDITY_MINUTES),
    }
  }
  if (roll < 0.75 && untouched.length > 0) {
    const quote = pick(random, untouched)
    const bond = state.bonds.find((b) => b.isin === quote.isin)
    if (bond) {
      const level = levelFor(bond, quote.side, random)
      if (level !== quote.yield)
        return { kind: 'move', firm: quote.firm, eoiId: quote.id, yield: level }
    }
  }
  if (roll < 0.9 && untouched.length > 0 && threads.length < 3) {
    const quote = pick(random, untouched)
    // The other firm asks a little more than the quote: a higher yield to buy an offer, lower to sell to a bid.
    const ask = between(random, 0.5, 2) * BP
    return {
      kind: 'counter',
      firm: otherFirm(quote.firm),
      eoiId: quote.id,
      negotiationId: null,
      yield: tick(quote.side === 'ASK' ? quote.yield + ask : quote.yield - ask),
      quantum: quote.quantum,
    }
  }
  const oldest = [...untouched].sort((a, b) => a.expiresAt - b.expiresAt)[0]
  return oldest ? { kind: 'withdraw', firm: oldest.firm, eoiId: oldest.id } : null
}

/** How long the desk waits before its next action. */
export const pauseMs = (random: Random) =>
  Math.round(between(random, DESK_PAUSE_MS.min, DESK_PAUSE_MS.max))
