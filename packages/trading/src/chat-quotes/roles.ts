// What each token of a line is: a coupon, a maturity, a level, a size, a side… Passes in order:
// words, sizes, maturities and coupons, levels. Pure; read.ts makes clauses and quotes of it.
import type { Token } from './lexer.ts'
import type { SizeText } from './clauses.ts'
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
} from './words.ts'

/** What a token is (null: nothing yet). */
export type Role =
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

/** The token as a number, word or symbol, else undefined. */
export const num = (t: Token | undefined) => (t?.kind === 'number' ? t : undefined)
/** The token's word, else undefined. */
export const word = (t: Token | undefined) => (t?.kind === 'word' ? t.text : undefined)
/** The token's symbol, else undefined. */
export const sym = (t: Token | undefined) => (t?.kind === 'symbol' ? t.text : undefined)
/** Symbols that may split a line into clauses. */
export const SEPARATORS = new Set([',', ';', '/', '|', '-', ':', '(', ')', '&'])

/** A level as read: a yield in percent or a clean price, and the other side of a two-way. */
export interface LevelText {
  value: number
  kind: 'yield' | 'price'
  pair?: number
}

/** The roles of a line's tokens and what the passes found. */
export interface LineRoles {
  roles: Role[]
  sizes: Map<number, SizeText>
  levels: Map<number, LevelText>
  years: Map<number, { year: number; month: number | null }>
  settlement: number | null
  flags: { request: boolean; notQuote: boolean; indicative: boolean; choice: boolean }
}

/** The role of every token of a line. */
export function assignRoles(tokens: Token[]): LineRoles {
  const roles: Role[] = tokens.map(() => null)
  const sizes = new Map<number, SizeText>()
  const levels = new Map<number, LevelText>()
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
    const kind = levelKind(t.value)
    if (!kind || levelKind(value) !== kind) return
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
    const kind = t.dot || cue ? levelKind(t.value) : null
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

  return { roles, sizes, levels, years, settlement, flags }
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
function levelKind(value: number): 'yield' | 'price' | null {
  if (value >= 1 && value < 20) return 'yield'
  if (value >= 20 && value <= 250) return 'price'
  return null
}
