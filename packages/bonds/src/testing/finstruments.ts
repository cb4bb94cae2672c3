// Bonds as the search and list endpoints answer them, for tests and stories of search and screener.
import type { FinstrumentSummary } from '@bonds/domain'

/** A bond summary (6.54% GS 2032 unless overridden). */
export function bondSummary(overrides: Partial<FinstrumentSummary> = {}): FinstrumentSummary {
  return {
    id: 'IN0020210244',
    display_name: '6.54% GS 2032',
    identifiers: { isin: 'IN0020210244' },
    available: true,
    contract_parameters: { is_listed: true, maturity_date: '2032-01-17' },
    issuer: 'Government of India',
    security_type: 'GSEC',
    category: 'Government',
    coupon_rate: 0.0654,
    rating: 'SOV',
    is_matured: false,
    can_be_priced: true,
    indicative_yield: null,
    indicative_yield_as_of: null,
    ...overrides,
  }
}

/** `count` distinct corporate bonds, numbered from `from`, for long lists and pages. */
export function corporateBonds(count: number, from = 0): FinstrumentSummary[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i
    const isin = `INE${String(n).padStart(6, '0')}07X`
    const coupon = 7 + (n % 40) / 20
    return bondSummary({
      id: isin,
      display_name: `${coupon.toFixed(2)}% Example Finance Limited ${2027 + (n % 10)} Series ${n}`,
      identifiers: { isin },
      contract_parameters: { is_listed: true, maturity_date: `${2027 + (n % 10)}-06-30` },
      issuer: 'Example Finance Limited',
      security_type: 'CORPORATE',
      category: 'Corporate',
      coupon_rate: coupon / 100,
      rating: n % 3 === 0 ? 'CRISIL AAA' : 'ICRA AA+',
      indicative_yield: (coupon + 0.35) / 100,
      indicative_yield_as_of: '2025-09-15',
    })
  })
}

/** Bonds the search shows for "6.54": one selectable, one matured, one unlisted. */
export const SEARCH_RESULTS: readonly FinstrumentSummary[] = [
  bondSummary(),
  bondSummary({
    id: 'IN0020020072',
    display_name: '6.54% GS 2012',
    identifiers: { isin: 'IN0020020072' },
    contract_parameters: { is_listed: true, maturity_date: '2012-01-16' },
    is_matured: true,
    can_be_priced: false,
  }),
  bondSummary({
    id: 'INE000654U01',
    display_name: '6.54% Unlisted Power Bonds 2031',
    identifiers: { isin: 'INE000654U01' },
    contract_parameters: { is_listed: false, maturity_date: '2031-03-31' },
    issuer: 'Unlisted Power Limited',
    security_type: 'PSU',
    category: 'PSU',
    rating: 'CRISIL AAA',
  }),
]
