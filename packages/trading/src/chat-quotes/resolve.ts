// A bond named in chat, found in the universe: an ISIN directly; otherwise the live bonds with the
// coupon and maturity written, narrowed by kind, state and issuer words. A bare coupon and year
// ("7.26 33") is a G-sec when one matches: the G-sec desk's shorthand.
import type { BondText } from './read.ts'
import type { BondCandidate, BondLookup, BondResolver } from './types.ts'
import { ISSUERS, KIND_TYPES } from './words.ts'

/** The bond found (or not) and how sure the finding is. */
export interface Resolution {
  bond: BondCandidate | null
  confidence: number
  doubts: string[]
}

const COUPON_TOLERANCE = 0.005 + 1e-9

/** Whether a candidate has the coupon (percent, within 0.005) and maturity year asked for. */
export function matchesLookup(bond: BondCandidate, query: BondLookup): boolean {
  if (query.isin !== undefined && bond.isin !== query.isin) return false
  if (query.couponPercent !== undefined) {
    if (bond.couponRate === null) return false
    if (Math.abs(bond.couponRate * 100 - query.couponPercent) > COUPON_TOLERANCE) return false
  }
  if (query.maturityYear !== undefined) {
    if (Number(bond.maturityDate?.slice(0, 4)) !== query.maturityYear) return false
  }
  return true
}

function nameText(bond: BondCandidate): string {
  return `${bond.issuer} ${bond.displayName} ${bond.state ?? ''}`.toLowerCase()
}

function mentions(text: string, fragment: string): boolean {
  const at = text.indexOf(fragment)
  if (at < 0) return false
  return at === 0 || !/[a-z0-9]/.test(text[at - 1]!) || mentions(text.slice(at + 1), fragment)
}

/** Find the bond a clause names; `lookup` is the resolver (cached by the caller). */
export async function resolveBond(
  text: BondText,
  lookup: BondResolver['lookup'],
): Promise<Resolution> {
  if (text.isin) {
    const [bond] = await lookup({ isin: text.isin })
    return bond
      ? { bond, confidence: 1, doubts: [] }
      : { bond: null, confidence: 0.5, doubts: ['ISIN not in the universe'] }
  }
  if (text.couponPercent === null && text.year === null) {
    return { bond: null, confidence: 0.5, doubts: ['no bond named'] }
  }
  const query: BondLookup = {
    ...(text.couponPercent !== null ? { couponPercent: text.couponPercent } : {}),
    ...(text.year !== null ? { maturityYear: text.year } : {}),
  }
  let candidates = (await lookup(query)).filter((b) => matchesLookup(b, query))
  if (text.month !== null) {
    candidates = candidates.filter((b) => Number(b.maturityDate?.slice(5, 7)) === text.month)
  }
  const doubts: string[] = []
  let confidence = text.couponPercent !== null && text.year !== null ? 1 : 0.8
  if (confidence < 1) doubts.push('coupon or maturity missing')
  let narrowed = false
  if (text.kind) {
    const types = KIND_TYPES[text.kind]
    candidates = candidates.filter((b) => types.includes(b.securityType))
    narrowed = true
  }
  for (const state of text.states) {
    candidates = candidates.filter((b) => b.state === state)
    narrowed = true
  }
  for (const word of text.words) {
    const fragments = ISSUERS.get(word) ?? [word]
    const kept = candidates.filter((b) => fragments.some((f) => mentions(nameText(b), f)))
    if (kept.length > 0) {
      candidates = kept
      narrowed = true
    } else if (ISSUERS.has(word)) {
      candidates = []
    } else {
      confidence *= 0.85
      doubts.push(`"${word}" not understood`)
    }
  }
  if (!narrowed) {
    const gsecs = candidates.filter((b) => b.securityType === 'GSEC')
    if (gsecs.length > 0 && gsecs.length < candidates.length) {
      candidates = gsecs
      confidence *= 0.97
    }
  }
  if (candidates.length === 1) return { bond: candidates[0]!, confidence, doubts }
  return {
    bond: null,
    confidence: 0.5,
    doubts: [candidates.length === 0 ? 'no such bond in the universe' : 'more than one bond fits'],
  }
}
