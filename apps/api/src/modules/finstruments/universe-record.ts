// The universe's records: one security as imported, its types and categories, and the words a
// desk types for it (searchText, stored for search).
import { SECURITY_TYPES, type SecurityType } from '@bonds/domain'
import type { Convention } from '@bonds/pricing'

export { SECURITY_TYPES, type SecurityType }

/** Screener categories (the bondCategory filter). */
export const BOND_CATEGORIES = [
  'Government',
  'State Government',
  'Treasury Bill',
  'PSU',
  'Bank',
  'Tax-free',
  'Corporate',
] as const
/** One bond category. */
export type BondCategory = (typeof BOND_CATEGORIES)[number]

/** One security of the universe, as imported. */
export interface FinstrumentRecord {
  id: string
  isin: string
  displayName: string
  issuer: string
  securityType: SecurityType
  category: BondCategory
  /** Fraction (0.0654); null when unknown. */
  couponRate: number | null
  frequency: 1 | 2 | 4 | 12 | null
  convention: Convention | null
  dayCount: '30E/360' | 'ACT/ACT-SEBI' | 'ACT/365' | null
  maturityDate: string | null
  /** The maturity's year; also known where the date is not (old loans named "GS 2022"). */
  maturityYear: number | null
  issueDate: string | null
  /** Rupees per unit. */
  faceValue: number
  faceValueAssumed: boolean
  rating: string | null
  /** Secured, Unsecured, Sovereign or null (the bondSecurity filter). */
  security: string | null
  state: string | null
  isListed: boolean
  isAvailable: boolean
  isMatured: boolean
  isFloatingRate: boolean
  canBePriced: boolean
  /**
   * Last yield disclosed for the bond (fraction, 6 decimals): the valuation yield of a mutual
   * fund's portfolio disclosure; null when no source gives one.
   */
  indicativeYield: number | null
  /** Date of that disclosure. */
  indicativeYieldAsOf: string | null
  calls: { date: string; price: number }[]
  puts: { date: string; price: number }[]
  nsdlStatus: string | null
  source: string
}

/**
 * Whether a security has matured on `today` (YYYY-MM-DD, India): its maturity date is before
 * today, or, where only the year is known, that year is before this year.
 */
export function maturedOn(
  maturityDate: string | null,
  maturityYear: number | null,
  today: string,
): boolean {
  if (maturityDate !== null) return maturityDate < today
  return maturityYear !== null && maturityYear < Number(today.slice(0, 4))
}

/** The year of a maturity date, or null. */
export function yearOf(maturityDate: string | null): number | null {
  return maturityDate ? Number(maturityDate.slice(0, 4)) : null
}

/** A name in title case ("ANDHRA PRADESH" → "Andhra Pradesh"). */
function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase())
}

/** Words a desk types for a security, beyond its name: "gs", "sdl", "t-bill", the state. */
export function searchText(r: FinstrumentRecord): string {
  const synonyms: Record<SecurityType, string> = {
    GSEC: 'gs gsec g-sec goi government dated',
    SDL: 'sdl state development loan',
    TBILL: 'tbill t-bill treasury bill dtb',
    STRIPS: 'strips goi zero coupon',
    GSEC_FRB: 'frb floating rate goi',
    SGB: 'sgb sovereign gold bond',
    GOVT_OTHER: 'goi government',
    CORPORATE: 'ncd corporate debenture',
    PSU: 'psu ncd bond',
    BANK: 'bank bond',
    TAX_FREE: 'tax-free tax free bond',
    ZERO_COUPON: 'zero coupon ncd',
    CORPORATE_FRB: 'frb floating rate ncd',
  }
  return [
    r.displayName,
    r.isin,
    r.issuer,
    titleCase(r.state ?? ''),
    synonyms[r.securityType],
    r.category,
    r.couponRate !== null ? (r.couponRate * 100).toFixed(2) : '',
    r.maturityDate ?? '',
  ]
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}
