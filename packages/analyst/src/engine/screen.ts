// The screen: a typed filter over the universe (zod schema, the tools' argument) and what it keeps.
import { SECURITY_TYPES, type SecurityType } from '@bonds/domain'
import { z } from 'zod'
import type { AnalystBond } from './types.ts'
import { canonicalIssuer } from './words.ts'

/** Rating agencies as the data writes them (India Ratings is "IND"; Fitch's older ratings "FITCH"). */
export const AGENCIES = ['CRISIL', 'ICRA', 'CARE', 'IND', 'FITCH', 'ACUITE', 'BWR'] as const

/** A screen: every condition given must hold. Coupons are percent, dates ISO. */
export const screenSchema = z
  .object({
    types: z
      .array(z.enum(SECURITY_TYPES))
      .optional()
      .describe('security types (SDL = state loans)'),
    corporate: z.boolean().optional().describe('corporate, PSU, bank and tax-free bonds only'),
    state: z.string().optional().describe("a state's name, for its SDLs"),
    issuer: z.string().optional().describe("words of the issuer's name"),
    issuerKind: z.enum(['PSU', 'bank', 'NBFC']).optional(),
    rating: z.string().optional().describe('a grade such as AAA, AA+ or SOV'),
    agency: z.enum(AGENCIES).optional(),
    couponAbove: z.number().optional().describe('coupon above this percent'),
    couponBelow: z.number().optional().describe('coupon below this percent'),
    coupon: z.number().optional().describe('coupon equal to this percent'),
    maturityFrom: z.string().optional().describe('maturing on or after this ISO date'),
    maturityTo: z.string().optional().describe('maturing on or before this ISO date'),
    taxFree: z.boolean().optional(),
    tier2: z.boolean().optional(),
    at1: z.boolean().optional().describe('AT1 or perpetual bonds'),
    floating: z.boolean().optional(),
    status: z.enum(['active', 'matured', 'any']).optional().describe('default active'),
  })
  .strict()
/** A screen. */
export type Screen = z.infer<typeof screenSchema>

const CORPORATE = new Set(['CORPORATE', 'PSU', 'BANK', 'TAX_FREE', 'ZERO_COUPON', 'CORPORATE_FRB'])
const NBFC = /financ|fincorp|capital|credit|investments|prime|leasing/i

/** Whether a bond has matured on `today`: its date is past, or only its year is known and past. */
export function isMatured(bond: AnalystBond, today: string): boolean {
  if (bond.maturityDate !== null) return bond.maturityDate < today
  return bond.maturityYear !== null && bond.maturityYear < Number(today.slice(0, 4))
}

/** Whether an issuer's name holds each of these words as a whole word ("rec": not "reconstruction"). */
function hasWords(issuer: string, words: readonly string[]): boolean {
  const name = ` ${canonicalIssuer(issuer)} `
  return words.every((w) => name.includes(` ${w} `))
}

/** Whether a bond's issuer is of a kind: PSU and bank by the data's type, NBFC by its name. */
function ofKind(bond: AnalystBond, kind: 'PSU' | 'bank' | 'NBFC'): boolean {
  if (kind === 'PSU') return bond.securityType === 'PSU' || bond.category === 'PSU'
  if (kind === 'bank') return bond.securityType === 'BANK' || bond.category === 'Bank'
  return CORPORATE.has(bond.securityType) && bond.category === 'Corporate' && NBFC.test(bond.issuer)
}

/** The bonds a screen keeps. */
export function applyScreen(
  bonds: readonly AnalystBond[],
  screen: Screen,
  today: string,
): AnalystBond[] {
  const status = screen.status ?? 'active'
  const issuerWords = canonicalIssuer(screen.issuer ?? '')
    .split(' ')
    .filter(Boolean)
  const rating = screen.rating?.toUpperCase()
  return bonds.filter((b) => {
    if (status !== 'any' && isMatured(b, today) !== (status === 'matured')) return false
    if (screen.types && !screen.types.includes(b.securityType as SecurityType)) return false
    if (screen.corporate && !CORPORATE.has(b.securityType)) return false
    if (screen.state && b.state?.toLowerCase() !== screen.state.toLowerCase()) return false
    if (issuerWords.length && !hasWords(b.issuer, issuerWords)) return false
    if (screen.issuerKind && !ofKind(b, screen.issuerKind)) return false
    if (rating && gradeOf(b.rating) !== rating) return false
    if (screen.agency && agencyOf(b.rating) !== screen.agency) return false
    const coupon = b.couponRate === null ? null : b.couponRate * 100
    if (
      screen.coupon !== undefined &&
      (coupon === null || Math.abs(coupon - screen.coupon) > 0.0051)
    )
      return false
    if (screen.couponAbove !== undefined && (coupon === null || coupon <= screen.couponAbove))
      return false
    if (screen.couponBelow !== undefined && (coupon === null || coupon >= screen.couponBelow))
      return false
    if (screen.maturityFrom && !(b.maturityDate !== null && b.maturityDate >= screen.maturityFrom))
      return false
    if (screen.maturityTo && !(b.maturityDate !== null && b.maturityDate <= screen.maturityTo))
      return false
    if (screen.taxFree !== undefined && (b.securityType === 'TAX_FREE') !== screen.taxFree)
      return false
    if (screen.tier2 !== undefined && /tier ?(ii|2)\b/i.test(b.displayName) !== screen.tier2)
      return false
    if (screen.at1 !== undefined && /\bat1\b|perpetual/i.test(b.displayName) !== screen.at1)
      return false
    if (screen.floating !== undefined && b.isFloatingRate !== screen.floating) return false
    return true
  })
}

/** The grade of a rating without its agency ("CRISIL AA+(CE)" → "AA+(CE)"; "SOV" stays). */
export function gradeOf(rating: string | null): string | null {
  if (!rating) return null
  const parts = rating.trim().toUpperCase().split(/\s+/)
  return parts.length > 1 ? parts.slice(1).join(' ') : (parts[0] ?? null)
}

/** The agency of a rating ("CRISIL AA+" → "CRISIL"), or null ("SOV"). */
export function agencyOf(rating: string | null): string | null {
  if (!rating) return null
  const parts = rating.trim().toUpperCase().split(/\s+/)
  return parts.length > 1 ? (parts[0] ?? null) : null
}

/** The screen in words, for "how it was found". */
export function describeScreen(screen: Screen): string {
  const parts: string[] = []
  parts.push(
    screen.status === 'matured'
      ? 'matured'
      : screen.status === 'any'
        ? 'active or matured'
        : 'active (not matured)',
  )
  if (screen.state) parts.push(`state: ${screen.state}`)
  if (screen.types) parts.push(`type: ${screen.types.join(', ')}`)
  if (screen.corporate) parts.push('corporate, PSU and bank issuers')
  if (screen.issuer) parts.push(`issuer: "${screen.issuer}"`)
  if (screen.issuerKind) parts.push(`issuer kind: ${screen.issuerKind}`)
  if (screen.rating) parts.push(`rating: ${screen.rating}`)
  if (screen.agency) parts.push(`agency: ${screen.agency}`)
  if (screen.coupon !== undefined) parts.push(`coupon ${screen.coupon}%`)
  if (screen.couponAbove !== undefined) parts.push(`coupon above ${screen.couponAbove}%`)
  if (screen.couponBelow !== undefined) parts.push(`coupon below ${screen.couponBelow}%`)
  if (screen.maturityFrom) parts.push(`maturing on or after ${screen.maturityFrom}`)
  if (screen.maturityTo) parts.push(`maturing on or before ${screen.maturityTo}`)
  if (screen.taxFree) parts.push('tax-free')
  if (screen.tier2) parts.push('Tier 2')
  if (screen.at1) parts.push('AT1 / perpetual')
  if (screen.floating !== undefined) parts.push(screen.floating ? 'floating rate' : 'fixed rate')
  return parts.join('; ')
}
