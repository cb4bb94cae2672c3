// A line's clauses (a line may quote two bonds: "offer A 7.10 and B 7.07") and the quotes of each:
// sides paired with levels, sizes with quotes, the bond as the clause writes it.
import type { Token } from './lexer.ts'
import { num, SEPARATORS, word, type LevelText, type Role } from './roles.ts'
import type { QuoteSide } from './types.ts'
import { KIND_WORDS, SIDE_WORDS, STATES, type BondKind } from './words.ts'

/** A size as written: an amount of a unit (rupees per unit, or the bond's face value). */
export interface SizeText {
  amount: number
  unit: number | 'face'
  /** Written without a unit (crores by the desk's habit). */
  bare: boolean
}

/** A bond as a clause names it. */
export interface BondText {
  isin: string | null
  couponPercent: number | null
  year: number | null
  month: number | null
  kind: BondKind | null
  states: string[]
  /** Issuer shorthand and other words that may name the issuer. */
  words: string[]
}

/** A quote read from a clause, its bond still text. */
export interface QuoteText {
  side: QuoteSide
  level: { value: number; kind: 'yield' | 'price' }
  size: SizeText | null
  doubts: string[]
}

/** A clause: one bond and its quotes. */
export interface ClauseText {
  bond: BondText
  quotes: QuoteText[]
  /** The one side the clause's side words name, else null. */
  side: QuoteSide | null
  /** Levels whose side the clause does not tell (a run's heading may). */
  sideless: Omit<QuoteText, 'side'>[]
}

const BOND_ROLES: Role[] = ['isin', 'coupon', 'year']

/** Whether a symbol between these joins one thing: a two-way, sizes, a date, coupon/year. */
function joins(before: Role | undefined, after: Role | undefined): boolean {
  const pair = `${before}→${after}`
  return [
    'level→skip',
    'size→size',
    'coupon→year',
    'day→month',
    'month→year',
    'null→null',
  ].includes(pair)
}

/** Ranges of a line's clauses: split at separators, a piece without a bond joins its neighbour. */
export function splitClauses(tokens: Token[], roles: Role[]): [number, number][] {
  const pieces: [number, number][] = []
  let start = 0
  tokens.forEach((t, i) => {
    const separator =
      (t.kind === 'symbol' && SEPARATORS.has(t.text) && !joins(roles[i - 1], roles[i + 1])) ||
      (t.kind === 'word' && t.text === 'and')
    if (separator) {
      pieces.push([start, i])
      start = i + 1
    }
  })
  pieces.push([start, tokens.length])
  const hasBond = ([a, b]: [number, number]) =>
    roles.slice(a, b).some((r) => BOND_ROLES.includes(r))
  const merged: [number, number][] = []
  let pending: [number, number] | null = null
  for (const piece of pieces) {
    const current: [number, number] = pending ? [pending[0], piece[1]] : piece
    pending = null
    const last = merged[merged.length - 1]
    if (hasBond(current) || !last) {
      if (!hasBond(current) && !last) pending = current
      else merged.push(current)
    } else last[1] = current[1]
  }
  if (pending) merged.push(pending)
  return merged
}

/** What the role passes found, for the clauses. */
export interface Found {
  levels: Map<number, LevelText>
  sizes: Map<number, SizeText>
  years: Map<number, { year: number; month: number | null }>
  choice: boolean
  /** A size the line says for each of its quotes. */
  each: SizeText | null
}

/** One clause's bond, quotes and levels without a side. */
export function readClause(
  tokens: Token[],
  roles: Role[],
  [from, to]: [number, number],
  found: Found,
): ClauseText {
  const bond: BondText = {
    isin: null,
    couponPercent: null,
    year: null,
    month: null,
    kind: null,
    states: [],
    words: [],
  }
  const sides: { index: number; side: QuoteSide }[] = []
  const singles: number[] = []
  const pairs: number[] = []
  const sizeAt: number[] = []
  for (let i = from; i < to; i += 1) {
    const t = tokens[i]!
    const w = word(t) ?? ''
    switch (roles[i]) {
      case 'isin':
        bond.isin ??= t.text
        break
      case 'coupon':
        bond.couponPercent ??= num(t)!.value
        break
      case 'year':
        if (bond.year === null) ({ year: bond.year, month: bond.month } = found.years.get(i)!)
        break
      case 'kind':
        bond.kind ??= KIND_WORDS.get(w)!
        break
      case 'state':
        bond.states.push(STATES.get(w)!)
        break
      case 'issuer':
      case 'unknown':
        bond.words.push(w)
        break
      case 'side':
        sides.push({ index: i, side: SIDE_WORDS.get(w)! })
        break
      case 'level':
        ;(found.levels.get(i)!.pair === undefined ? singles : pairs).push(i)
        break
      case 'size':
        sizeAt.push(i)
        break
    }
  }
  const allLevels = [...singles, ...pairs].sort((a, b) => a - b)
  const sizeFor = (level: number, nth = 0): SizeText | null => {
    if (sizeAt.length === 0) return found.each
    if (sizeAt.length === 1) return found.sizes.get(sizeAt[0]!)!
    const next = allLevels.find((l) => l > level) ?? to
    const after = sizeAt.filter((s) => s > level && s < next)
    const chosen = after[nth] ?? after[0] ?? sizeAt[nth]
    return chosen === undefined ? null : found.sizes.get(chosen)!
  }
  const quotes: QuoteText[] = []
  for (const i of pairs) {
    const { value, kind, pair } = found.levels.get(i)!
    const right = pair!
    // Bid is the lower price, and so the higher yield; a pair the other way round is a doubt.
    const leftIsBid = kind === 'yield' ? value >= right : value <= right
    const doubts = value === right ? ['choice'] : leftIsBid ? [] : ['bid and offer reversed']
    const [bid, ask] = leftIsBid ? [value, right] : [right, value]
    quotes.push({
      side: 'BID',
      level: { value: bid, kind },
      size: sizeFor(i, leftIsBid ? 0 : 1),
      doubts,
    })
    quotes.push({
      side: 'ASK',
      level: { value: ask, kind },
      size: sizeFor(i, leftIsBid ? 1 : 0),
      doubts,
    })
  }
  const sideless: Omit<QuoteText, 'side'>[] = []
  const prefix = sides.length > 0 && singles.length > 0 && sides[0]!.index < singles[0]!
  for (const i of singles) {
    const level = found.levels.get(i)!
    const side = prefix
      ? sides.filter((s) => s.index < i).pop()
      : sides.find((s) => s.index > i && !singles.some((l) => l > i && l < s.index))
    if (found.choice && !side) {
      quotes.push({ side: 'BID', level, size: sizeFor(i), doubts: [] })
      quotes.push({ side: 'ASK', level, size: sizeFor(i), doubts: [] })
    } else if (side) quotes.push({ side: side.side, level, size: sizeFor(i), doubts: [] })
    else sideless.push({ level, size: sizeFor(i), doubts: [] })
  }
  const named = new Set(sides.map((s) => s.side))
  const side = named.size === 1 ? [...named][0]! : null
  return { bond, quotes, sideless, side }
}
