// A bond named in desk words: by ISIN, or by its coupon, maturity year, type, state and issuer
// ("6.54 GS 2032", "maha sdl 2035", "NHAI 6.99% 2035"), resolved against the universe.
import { isMatured } from './screen.ts'
import type { AnalystBond } from './types.ts'
import { canonicalIssuer, ISSUER_NICKNAMES, normalize, stateIn } from './words.ts'

/** What a text says of a bond. */
export interface BondReference {
  isin?: string
  coupon?: number
  year?: number
  types?: string[]
  state?: string
  issuers?: string[]
}

/** Words of issuers' names that name no issuer alone ("national", "indian", "power"). */
const COMMON = new Set(
  'limited ltd ltd. of the and & company co corporation corp pvt private india government national indian state power housing small export union central first new general rural home green bank finance financial services trust development infrastructure industries'.split(
    ' ',
  ),
)

/** The issuers of the universe by the words that name them, built once per universe. */
export class IssuerIndex {
  private readonly issuers: { name: string; words: string[] }[]

  constructor(bonds: readonly AnalystBond[]) {
    const names = new Set<string>()
    for (const b of bonds) if (!b.issuer.startsWith('Government of')) names.add(b.issuer)
    this.issuers = [...names].map((name) => ({
      name,
      words: name
        .toLowerCase()
        .replace(/[().,]/g, ' ')
        .split(/\s+/)
        .filter((w) => w.length > 1 && !COMMON.has(w)),
    }))
  }

  /** Every word of the issuers' names (kept as typed by the typo correction). */
  words(): Set<string> {
    return new Set(this.issuers.flatMap((i) => i.words))
  }

  /** The words of a text that every one of these issuers' names holds ("hdfc bank"). */
  sharedWords(text: string, names: readonly string[]): string {
    const nameWords = names.map(
      (n) =>
        new Set(
          n
            .toLowerCase()
            .replace(/[().,]/g, ' ')
            .split(/\s+/),
        ),
    )
    const nickname = Object.entries(ISSUER_NICKNAMES).find(([short]) =>
      ` ${text} `.includes(` ${short} `),
    )
    if (nickname && names.every((n) => canonicalIssuer(n).includes(canonicalIssuer(nickname[1]))))
      return nickname[1]
    return text
      .split(' ')
      .filter(
        (w) =>
          w.length > 1 &&
          !['of', 'the', 'bonds', 'bond'].includes(w) &&
          nameWords.every((s) => s.has(w)),
      )
      .join(' ')
  }

  /** The issuers a text names: a nickname, or the most of an issuer's distinctive words. */
  named(text: string): string[] {
    const padded = ` ${text} `
    for (const [nickname, words] of Object.entries(ISSUER_NICKNAMES)) {
      if (padded.includes(` ${nickname} `)) {
        const found = this.issuers.filter((i) =>
          canonicalIssuer(i.name).includes(canonicalIssuer(words)),
        )
        if (found.length) return found.map((i) => i.name)
      }
    }
    let best = 0
    let found: string[] = []
    for (const issuer of this.issuers) {
      const first = issuer.words[0]
      if (!first || first.length < 3 || !padded.includes(` ${first} `)) continue
      const score = issuer.words.filter((w) => padded.includes(` ${w} `)).length
      if (score > best) {
        best = score
        found = [issuer.name]
      } else if (score === best) found.push(issuer.name)
    }
    return found.length > 1 ? this.closest(found, padded) : found
  }

  /**
   * Of issuers that tie on their distinctive words, those whose names hold the most of the text's
   * other words ("hdfc bank": HDFC Bank Limited, not HDFC Limited); all of them when none does.
   */
  private closest(names: string[], padded: string): string[] {
    const common = (name: string) =>
      name
        .toLowerCase()
        .replace(/[().,]/g, ' ')
        .split(/\s+/)
        .filter((w) => COMMON.has(w) && !/^(limited|ltd|of|the|and|&)$/.test(w))
        .filter((w) => padded.includes(` ${w} `)).length
    const scores = names.map(common)
    const best = Math.max(...scores)
    return best === 0 ? names : names.filter((_, i) => scores[i] === best)
  }
}

const TYPE_WORDS: [RegExp, string[]][] = [
  [/\bgsec\b/, ['GSEC']],
  [/\bsdl\b/, ['SDL']],
  [/\btbill\b/, ['TBILL']],
  [/\bstrips\b/, ['STRIPS']],
  [/\bsgb\b|\bgold bonds?\b/, ['SGB']],
]

/** What a (normalized) text says of a bond; numbers of prices and dates must be taken out first. */
export function readReference(text: string, issuers: IssuerIndex): BondReference {
  const reference: BondReference = {}
  const isin = /\b(in(?=[a-z0-9]*\d)[a-z0-9]{10})\b/.exec(text)
  if (isin) reference.isin = isin[1]!.toUpperCase()
  const coupon = /(?:^|\s)(\d{1,2}(?:\.\d{1,4})?)\s*%|(?:^|\s)(\d{1,2}\.\d{1,4})(?=\s|$)/.exec(text)
  const value = coupon ? Number(coupon[1] ?? coupon[2]) : NaN
  if (Number.isFinite(value) && value < 25) reference.coupon = value
  const year = /\b(19[5-9]\d|20\d\d|21\d\d)\b/.exec(text)
  if (year) reference.year = Number(year[1])
  for (const [pattern, types] of TYPE_WORDS) if (pattern.test(text)) reference.types = types
  // A floating-rate bond ("GOI FRB 2031"): the data's floating-rate types, the G-sec one when the
  // text names the government.
  if (/\bfloating\b/.test(text)) {
    reference.types = /\b(gsec|goi|government)\b/.test(text)
      ? ['GSEC_FRB']
      : /\b(corporate|ncd)\b/.test(text)
        ? ['CORPORATE_FRB']
        : ['GSEC_FRB', 'CORPORATE_FRB']
  }
  const state = stateIn(text)
  if (state) reference.state = state
  if (!reference.types && !state) {
    const named = issuers.named(text)
    if (named.length) reference.issuers = named
  }
  return reference
}

/** Whether a reference names a bond at all (an ISIN, a coupon, or an issuer or state with a year). */
export function namesBond(r: BondReference): boolean {
  return Boolean(r.isin || r.coupon !== undefined || ((r.issuers || r.state || r.types) && r.year))
}

/** The bonds a reference matches, live ones only when any is live. */
export function matchReference(
  bonds: readonly AnalystBond[],
  r: BondReference,
  today: string,
): AnalystBond[] {
  if (r.isin) return bonds.filter((b) => b.isin === r.isin)
  const found = bonds.filter(
    (b) =>
      (r.coupon === undefined ||
        (b.couponRate !== null && Math.abs(b.couponRate * 100 - r.coupon) < 0.0051)) &&
      (r.year === undefined || b.maturityYear === r.year) &&
      (!r.types || r.types.includes(b.securityType)) &&
      (!r.state || b.state === r.state) &&
      (!r.issuers || r.issuers.includes(b.issuer)),
  )
  const live = found.filter((b) => !isMatured(b, today))
  return live.length ? live : found
}

/** The reference in words, for "how it was found". */
export function describeReference(r: BondReference): string {
  if (r.isin) return `ISIN ${r.isin}`
  return [
    r.coupon !== undefined ? `coupon ${r.coupon}%` : '',
    r.types ? `type ${r.types.join('/')}` : '',
    r.state ? `state ${r.state}` : '',
    r.issuers
      ? `issuer ${r.issuers.length === 1 ? r.issuers[0] : `one of ${r.issuers.length} issuers`}`
      : '',
    r.year !== undefined ? `maturing in ${r.year}` : '',
  ]
    .filter(Boolean)
    .join(', ')
}

/** Resolve free text to bonds: the reference it makes and the bonds that match. */
export function resolveText(
  text: string,
  bonds: readonly AnalystBond[],
  issuers: IssuerIndex,
  today: string,
): { reference: BondReference; bonds: AnalystBond[] } {
  const reference = readReference(normalize(text, issuers.words()), issuers)
  return { reference, bonds: namesBond(reference) ? matchReference(bonds, reference, today) : [] }
}
