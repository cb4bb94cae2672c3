// One line of desk chat as a reader takes it: what each token is (coupon, maturity, level, size,
// side…), then the clauses of the line (a line may quote two bonds) and the quotes of each clause.
// Pure and synchronous; the bond is resolved later against the universe (resolve.ts).
import { tokenize, type Token } from './lexer.ts'
import type { QuoteSide } from './types.ts'
import {
  FILLER,
  INDICATIVE_WORDS,
  ISSUERS,
  KIND_WORDS,
  MONTHS,
  NOT_A_QUOTE_WORDS,
  REQUEST_WORDS,
  SIDE_WORDS,
  SIZE_UNITS,
  STATES,
  type BondKind,
} from './words.ts'

type Role =
  | 'isin'
  | 'coupon'
  | 'year'
  | 'month'
  | 'level'
  | 'size'
  | 'side'
  | 'kind'
  | 'state'
  | 'issuer'
  | 'settle'
  | 'day'
  | 'skip'
  | 'unknown'
  | null

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

/** A line as read. */
export interface LineText {
  /** quote: holds levels; skip: a request, a trade report, a quotation; context: anything else. */
  kind: 'quote' | 'skip' | 'context'
  clauses: ClauseText[]
  settlement: number | null
  sizes: SizeText[]
  /** Side and kind words of a line without levels (a run's heading: "SDL offers:"). */
  sides: QuoteSide[]
  kinds: BondKind[]
  request: boolean
  indicative: boolean
  choice: boolean
}

const num = (t: Token | undefined) => (t?.kind === 'number' ? t : undefined)
const word = (t: Token | undefined) => (t?.kind === 'word' ? t.text : undefined)
const sym = (t: Token | undefined) => (t?.kind === 'symbol' ? t.text : undefined)
const SEPARATORS = new Set([',', ';', '/', '|', '-', ':', '(', ')'])

/** Read one line. */
export function readLine(line: string): LineText {
  const tokens = tokenize(line)
  const roles: Role[] = tokens.map(() => null)
  const sizes = new Map<number, SizeText>()
  const levels = new Map<number, { value: number; kind: 'yield' | 'price'; pair?: number }>()
  const years = new Map<number, { year: number; month: number | null }>()
  let settlement: number | null = null
  const flags = { request: false, notQuote: false, indicative: false, choice: false }
  const at = (i: number) => tokens[i]
  const levelCue = (i: number) => {
    const before = at(i - 1)
    const w = word(before)
    return sym(before) === '@' || w === 'at' || w === 'px' || w === 'price' || w === 'upto'
  }

  // Words.
  tokens.forEach((t, i) => {
    if (t.kind === 'isin') roles[i] = 'isin'
    if (t.kind !== 'word') return
    const w = t.text
    const next = num(at(i + 1)) ?? (sym(at(i + 1)) === '+' ? num(at(i + 2)) : undefined)
    if (w === 't' && next && !next.dot && next.value <= 2) {
      settlement = next.value
      roles[i] = 'settle'
      roles[tokens.indexOf(next)] = 'settle'
      return
    }
    const flag = FLAG_WORDS.find(([words]) => words.has(w))?.[1]
    if (flag) flags[flag] = true
    const numberNext = num(at(i + 1)) ?? (sym(at(i + 1)) === '-' ? num(at(i + 2)) : undefined)
    roles[i] = wordRole(w, flag, numberNext !== undefined)
    if (w === 'tier' && num(at(i + 1))) roles[i + 1] = 'skip' // "tier 2": not a size
  })

  // Sizes: an amount before a unit ("25cr", "25/50 cr", "25x50cr"), rupees written in full.
  tokens.forEach((t, i) => {
    if (t.kind !== 'number' || roles[i]) return
    const unit = SIZE_UNITS.get(word(at(i + 1)) ?? '')
    if (unit !== undefined) {
      sizes.set(i, { amount: t.value, unit, bare: false })
      roles[i] = 'size'
      const link = sym(at(i - 1)) ?? word(at(i - 1))
      const first = num(at(i - 2))
      if ((link === '/' || link === 'x') && first && !first.dot && !roles[i - 2]) {
        sizes.set(i - 2, { amount: first.value, unit, bare: false })
        roles[i - 2] = 'size'
      }
    } else if (t.grouped && t.value >= 1e5) {
      sizes.set(i, { amount: t.value, unit: 1, bare: false })
      roles[i] = 'size'
    } else if (
      ['y', 'yr', 'yrs', 'year', 'years', 'day', 'days', 'd', 'dtb'].includes(word(at(i + 1)) ?? '')
    ) {
      roles[i] = 'skip' // a tenor: "10y", "91 day", "364 dtb"
    }
  })

  // Maturities: a year, a month and year ("Aug 2033", "aug33", "14-Aug-2033"), two digits after a
  // kind ("sdl 35") or a coupon ("7.26 33", "7.18/33" when levels follow).
  const monthBefore = (i: number) =>
    roles[i - 1] === 'month'
      ? i - 1
      : sym(at(i - 1)) === '-' && roles[i - 2] === 'month'
        ? i - 2
        : -1
  tokens.forEach((t, i) => {
    if (t.kind !== 'number' || roles[i] || t.dot) return
    const m = monthBefore(i)
    const month = m >= 0 ? (MONTHS.get(word(at(m)) ?? '') ?? null) : null
    const twoDigits = t.text.length === 2 && t.value >= 24 && t.value <= 80
    if (t.value >= 1990 && t.value <= 2099) years.set(i, { year: t.value, month })
    else if (month && t.text.length === 2) years.set(i, { year: 2000 + t.value, month })
    else if (twoDigits && roles[i - 1] === 'kind') years.set(i, { year: 2000 + t.value, month })
    else if (t.value <= 31 && (roles[i + 1] === 'month' || roles[i + 2] === 'month')) {
      roles[i] = 'day'
      return
    } else return
    roles[i] = 'year'
  })
  const levelsAfter = (i: number) =>
    tokens.some((t, k) => k > i + 2 && t.kind === 'number' && t.dot && !roles[k])
  const BETWEEN_COUPON_AND_YEAR: Role[] = ['kind', 'month', 'day', 'state', 'issuer']
  tokens.forEach((t, i) => {
    if (t.kind !== 'number' || roles[i] || t.value <= 0 || t.value >= 20 || levelCue(i)) return
    const after2 = num(at(i + 2))
    if (
      t.dot &&
      sym(at(i + 1)) === '/' &&
      after2 &&
      !after2.dot &&
      after2.text.length === 2 &&
      !roles.includes('coupon') &&
      levelsAfter(i)
    ) {
      years.set(i + 2, { year: 2000 + after2.value, month: null })
      roles[i] = 'coupon'
      roles[i + 2] = 'year'
      return
    }
    let j = i + 1
    while (
      sym(at(j)) === '%' ||
      sym(at(j)) === '-' ||
      BETWEEN_COUPON_AND_YEAR.includes(roles[j] ?? null)
    ) {
      j += 1
    }
    const after = num(at(j))
    // A number before a written year is its coupon, even after a slash ("6.98 / 7.26 2033").
    if (roles[j] === 'year' && !isCoupon(roles, j)) roles[i] = 'coupon'
    else if (sym(at(i - 1)) === '/' || sym(at(i + 1)) === '/') return
    else if (
      after &&
      !roles[j] &&
      !after.dot &&
      after.text.length === 2 &&
      (t.dot || j > i + 1) &&
      !couponSinceSeparator(tokens, roles, i)
    ) {
      years.set(j, { year: 2000 + after.value, month: null })
      roles[j] = 'year'
      roles[i] = 'coupon'
    } else if (
      t.dot &&
      sym(at(i + 1)) === '%' &&
      !roles.includes('coupon') &&
      !cuedBySide(roles, i)
    ) {
      roles[i] = 'coupon'
    }
  })
  // A coupon written after its maturity ("Aug 2033 7.18 offer 7.10"): the first number after the
  // year, when no coupon came before and a level follows.
  if (!roles.includes('coupon')) {
    const y = roles.indexOf('year')
    const next = num(at(y + 1))
    if (y >= 0 && next?.dot && !roles[y + 1] && next.value < 20 && sym(at(y + 2)) !== '/') {
      if (levelsAfter(y - 1)) roles[y + 1] = 'coupon'
    }
  }
  // A level said to be a former one ("was 7.10") is history.
  tokens.forEach((t, i) => {
    if (t.kind === 'number' && !roles[i] && HISTORY.has(word(at(i - 1)) ?? '')) roles[i] = 'skip'
  })

  // Levels: two-ways ("7.12/7.10", "7.12/10"), then single levels.
  tokens.forEach((t, i) => {
    const right = num(at(i + 2))
    if (t.kind !== 'number' || roles[i] || !t.dot || sym(at(i + 1)) !== '/' || !right) return
    if (roles[i + 2]) return
    let value = right.value
    if (!right.dot) {
      if (right.text.length > t.decimals) return
      value = Number(t.text.slice(0, t.text.length - right.text.length) + right.text)
    }
    const kind = levelKind(t.value, levelCue(i))
    if (!kind || levelKind(value, false) !== kind) return
    levels.set(i, { value: t.value, kind, pair: value })
    roles[i] = 'level'
    roles[i + 2] = 'skip'
    // Sizes after a two-way without a unit: "25/50", "25x50", "25".
    const a = num(at(i + 3))
    const link = sym(at(i + 4)) ?? word(at(i + 4))
    const b = num(at(i + 5))
    if (
      a &&
      !a.dot &&
      !roles[i + 3] &&
      (link === '/' || link === 'x') &&
      b &&
      !b.dot &&
      !roles[i + 5]
    ) {
      sizes.set(i + 3, { amount: a.value, unit: 1e7, bare: true })
      sizes.set(i + 5, { amount: b.value, unit: 1e7, bare: true })
      roles[i + 3] = roles[i + 5] = 'size'
    }
  })
  tokens.forEach((t, i) => {
    if (t.kind !== 'number' || roles[i] || t.grouped) return
    const cue = levelCue(i)
    const kind = t.dot || cue ? levelKind(t.value, cue) : null
    if (kind) {
      levels.set(i, { value: t.value, kind })
      roles[i] = 'level'
    }
  })
  // A bare whole number after a level is a size in crores by the desk's habit ("7.12/7.10 25").
  tokens.forEach((t, i) => {
    if (t.kind !== 'number' || roles[i] || t.dot || t.value < 1 || t.value > 5000) return
    if (roles.slice(0, i).includes('level')) {
      sizes.set(i, { amount: t.value, unit: 1e7, bare: true })
      roles[i] = 'size'
    }
  })

  const quoted = /^\s*>/.test(line)
  const question = tokens.some((t) => sym(t) === '?')
  const hasLevels = levels.size > 0
  const skip = quoted || question || flags.notQuote || (flags.request && !hasLevels)
  const base = {
    settlement,
    request: flags.request,
    indicative: flags.indicative,
    choice: flags.choice,
  }
  if (skip) {
    return { kind: 'skip', clauses: [], sizes: [], sides: [], kinds: [], ...base }
  }
  // A size said for every quote of the line: "25 each", "all 25 cr".
  const eachAt = [...sizes.keys()].find(
    (i) => word(at(i + 1)) === 'each' || word(at(i + 2)) === 'each' || word(at(i - 1)) === 'all',
  )
  const each = eachAt === undefined ? null : sizes.get(eachAt)!
  const clauses = splitClauses(tokens, roles).map((range) =>
    readClause(tokens, roles, range, { levels, sizes, years, choice: flags.choice, each }),
  )
  // A side said once for the clauses after it: "offer 7.18 2033 7.10 and 7.26 2033 7.07".
  for (const [k, clause] of clauses.entries()) {
    const side = clauses[k - 1]?.side
    if (k === 0 || clause.side || !side || clause.sideless.length === 0) continue
    clause.quotes.push(...clause.sideless.map((q) => ({ ...q, side })))
    clause.sideless = []
    clause.side = side
  }
  return {
    kind: hasLevels ? 'quote' : 'context',
    clauses,
    sizes: hasLevels ? [] : [...sizes.values()],
    sides: tokens.flatMap((t, i) => (roles[i] === 'side' ? [SIDE_WORDS.get(word(t) ?? '')!] : [])),
    kinds: tokens.flatMap((t, i) => (roles[i] === 'kind' ? [KIND_WORDS.get(word(t) ?? '')!] : [])),
    ...base,
  }
}

/** Words before a level that make it a former one. */
const HISTORY = new Set(['was', 'prev', 'previous', 'earlier'])

/** Words that flag a line, and the flag. */
const FLAG_WORDS: [ReadonlySet<string>, 'request' | 'notQuote' | 'indicative' | 'choice'][] = [
  [REQUEST_WORDS, 'request'],
  [NOT_A_QUOTE_WORDS, 'notQuote'],
  [INDICATIVE_WORDS, 'indicative'],
  [new Set(['choice']), 'choice'],
]

/** What a word is; `numberNext`: a number follows it (a month, or "tier 2"). */
function wordRole(w: string, flagged: unknown, numberNext: boolean): Role {
  if (SIDE_WORDS.has(w)) return 'side'
  if (KIND_WORDS.has(w)) return 'kind'
  if (STATES.has(w)) return 'state'
  if (ISSUERS.has(w)) return 'issuer'
  if (flagged) return 'skip'
  if (MONTHS.has(w) && numberNext) return 'month'
  if (FILLER.has(w) || SIZE_UNITS.has(w) || w.length < 2 || w === 'tier') return 'skip'
  return 'unknown'
}

function isCoupon(roles: Role[], year: number): boolean {
  return roles.slice(0, year).some((r, i) => r === 'coupon' && i > year - 4)
}

function couponSinceSeparator(tokens: Token[], roles: Role[], i: number): boolean {
  for (let k = i - 1; k >= 0; k -= 1) {
    const t = tokens[k]!
    if (t.kind === 'symbol' && SEPARATORS.has(t.text)) return false
    if (roles[k] === 'coupon') return true
  }
  return false
}

function cuedBySide(roles: Role[], i: number): boolean {
  return roles[i - 1] === 'side' || roles[i - 2] === 'side'
}

/** Yield (percent) from 1 to 20, a clean price from 20 to 250 (the caller asks for a dot or cue). */
function levelKind(value: number, _cue: boolean): 'yield' | 'price' | null {
  if (value >= 1 && value < 20) return 'yield'
  if (value >= 20 && value <= 250) return 'price'
  return null
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
function splitClauses(tokens: Token[], roles: Role[]): [number, number][] {
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

interface Found {
  levels: Map<number, { value: number; kind: 'yield' | 'price'; pair?: number }>
  sizes: Map<number, SizeText>
  years: Map<number, { year: number; month: number | null }>
  choice: boolean
  /** A size the line says for each of its quotes. */
  each: SizeText | null
}

function readClause(
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
