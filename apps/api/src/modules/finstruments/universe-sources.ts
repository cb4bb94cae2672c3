// The universe's sources, one reader each: NSDL's government securities, SEBI portfolio
// disclosures of corporate bonds, and the hand-checked file that fills in or adds newer issues.
import {
  maturedOn,
  yearOf,
  type BondCategory,
  type FinstrumentRecord,
  type SecurityType,
} from './universe-record.ts'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function deskDate(iso: string): string {
  const [y, m, d] = iso.split('-')
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`
}

function couponText(pct: number): string {
  return `${pct.toFixed(2)}%`
}

function toFrequency(text: string): 1 | 2 | 4 | 12 | null {
  switch (text.trim().toLowerCase()) {
    case '1':
    case 'annual':
      return 1
    case '2':
    case 'semi-annual':
      return 2
    case '4':
    case 'quarterly':
      return 4
    case '12':
    case 'monthly':
      return 12
    default:
      return null
  }
}

function numberOrNull(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null
  const value = Number(text)
  return Number.isFinite(value) ? value : null
}

/** A percent as a fraction with the 6 decimals yields are stored with (7.2333 → 0.072333). */
function toFraction(percent: number): number {
  return Math.round(percent * 10_000) / 1_000_000
}

function stateOf(issuer: string): string | null {
  const match = /^Government of (.+)$/.exec(issuer)
  return match?.[1] && match[1] !== 'India' ? match[1] : null
}
/** Whether a record can be priced by the pricing library, given its terms. */
function priceable(r: Omit<FinstrumentRecord, 'canBePriced'>): boolean {
  if (r.isFloatingRate || r.isMatured || !r.convention || !r.maturityDate) return false
  if (r.convention === 'TBILL') return true
  if (r.couponRate === null) return false
  return r.couponRate === 0 || r.frequency !== null
}

function finish(r: Omit<FinstrumentRecord, 'canBePriced'>): FinstrumentRecord {
  return { ...r, canBePriced: priceable(r) }
}

/** Government types whose name carries the maturity year where the date is unknown. */
const YEAR_NAMED = new Set(['GSEC', 'SDL', 'GSEC_FRB'])

/** A government security from a row of NSDL's list. */
export function government(row: Record<string, string>, asOf: string): FinstrumentRecord {
  const type = row.security_type ?? ''
  const coupon = numberOrNull(row.coupon_rate_pct)
  const maturity = row.maturity_date || null
  const issuer = row.issuer || 'Government of India'
  const description = row.nsdl_description ?? ''
  const state = stateOf(issuer)
  const year = maturity?.slice(0, 4) ?? /\b(19|20)\d\d\b/.exec(description)?.[0] ?? ''
  // Dated loans named by their maturity year ("5.87% GS 2022"): the year is the maturity's even
  // where NSDL's description gives no date; other descriptions' years may be the issue's.
  const maturityYear =
    maturity !== null ? yearOf(maturity) : YEAR_NAMED.has(type) && year ? Number(year) : null
  const base = {
    id: row.isin ?? '',
    isin: row.isin ?? '',
    issuer,
    issueDate: null,
    faceValue: 100,
    faceValueAssumed: false,
    rating: 'SOV',
    security: 'Sovereign',
    state,
    isListed: true,
    isAvailable: row.nsdl_status === 'ACTIVE',
    isMatured: maturedOn(maturity, maturityYear, asOf),
    indicativeYield: null,
    indicativeYieldAsOf: null,
    calls: [],
    puts: [],
    nsdlStatus: row.nsdl_status || null,
    source: `raw/gsec-sdl-2022-05.csv (${row.source_file ?? ''})`,
    maturityDate: maturity,
    maturityYear,
  }
  switch (type) {
    case 'GSEC':
      return finish({
        ...base,
        displayName: coupon !== null ? `${couponText(coupon)} GS ${year}`.trim() : `GS ${year}`,
        securityType: 'GSEC',
        category: 'Government',
        couponRate: coupon !== null ? coupon / 100 : null,
        frequency: 2,
        convention: 'GSEC',
        dayCount: '30E/360',
        isFloatingRate: false,
      })
    case 'SDL':
      return finish({
        ...base,
        displayName: `${coupon !== null ? `${couponText(coupon)} ` : ''}${state ?? ''} SDL ${year}`
          .replace(/\s+/g, ' ')
          .trim(),
        securityType: 'SDL',
        category: 'State Government',
        couponRate: coupon !== null ? coupon / 100 : null,
        frequency: 2,
        convention: 'GSEC',
        dayCount: '30E/360',
        isFloatingRate: false,
      })
    case 'TBILL':
      return finish({
        ...base,
        displayName:
          `${row.tbill_tenor_days || ''} DTB ${maturity ? deskDate(maturity) : ''}`.trim(),
        securityType: 'TBILL',
        category: 'Treasury Bill',
        couponRate: 0,
        frequency: null,
        convention: 'TBILL',
        dayCount: 'ACT/365',
        isFloatingRate: false,
      })
    case 'STRIPS':
      return finish({
        ...base,
        displayName: `GOI STRIPS ${maturity ? deskDate(maturity) : year} (${row.strips_kind === 'principal' ? 'P' : 'C'})`,
        securityType: 'STRIPS',
        category: 'Government',
        couponRate: 0,
        frequency: null,
        convention: 'GSEC',
        dayCount: '30E/360',
        isFloatingRate: false,
      })
    case 'GSEC_FRB':
      return finish({
        ...base,
        displayName: `GOI FRB ${year}`.trim(),
        securityType: 'GSEC_FRB',
        category: 'Government',
        couponRate: null,
        frequency: 2,
        convention: null,
        dayCount: '30E/360',
        isFloatingRate: true,
      })
    default: {
      const sgb = type === 'SGB'
      const text = description
        .replace(/^CENTRAL GOVERNMENT LOAN \d+ /, '')
        .replace(/ FV RS [\d.]+$/, '')
      return finish({
        ...base,
        displayName: sgb ? `Sovereign Gold Bond ${text.replace(/^SGB /, '')}` : `GOI ${text}`,
        securityType: sgb ? 'SGB' : 'GOVT_OTHER',
        category: 'Government',
        couponRate: null,
        frequency: null,
        convention: null,
        dayCount: null,
        faceValue: sgb ? Number(/FV RS ([\d.]+)/.exec(description)?.[1] ?? 100) : 100,
        isFloatingRate: false,
      })
    }
  }
}

function corporateType(kind: string): { type: SecurityType; category: BondCategory } {
  const k = kind.toLowerCase()
  if (k.startsWith('tax-free')) return { type: 'TAX_FREE', category: 'Tax-free' }
  if (k.startsWith('psu')) return { type: 'PSU', category: 'PSU' }
  if (k.startsWith('bank')) return { type: 'BANK', category: 'Bank' }
  if (k.startsWith('floating')) return { type: 'CORPORATE_FRB', category: 'Corporate' }
  if (k.startsWith('zero')) return { type: 'ZERO_COUPON', category: 'Corporate' }
  return { type: 'CORPORATE', category: 'Corporate' }
}

/** A corporate bond from a row of the SEBI portfolio disclosures. */
export function corporate(row: Record<string, string>, asOf: string): FinstrumentRecord {
  const { type, category } = corporateType(row.security_type ?? '')
  const coupon = type === 'ZERO_COUPON' ? 0 : numberOrNull(row.coupon_pct)
  const maturity = row.maturity_date || null
  const face = numberOrNull(row.face_value)
  const secured = (row.secured ?? '').toLowerCase()
  const disclosedYield = numberOrNull(row.yield_pct_as_of)
  const yieldDate = disclosedYield !== null && row.as_of_date ? row.as_of_date : null
  return finish({
    id: row.isin ?? '',
    isin: row.isin ?? '',
    displayName: (row.name || row.issuer || row.isin || '').replace(/\s+/g, ' ').trim(),
    issuer: row.issuer ?? '',
    securityType: type,
    category,
    couponRate: coupon !== null ? coupon / 100 : null,
    frequency: type === 'ZERO_COUPON' ? null : toFrequency(row.coupon_frequency ?? ''),
    convention: type === 'CORPORATE_FRB' ? null : 'CORPORATE',
    dayCount: 'ACT/ACT-SEBI',
    maturityDate: maturity,
    maturityYear: yearOf(maturity),
    issueDate: null,
    faceValue: face ?? 100_000,
    faceValueAssumed: face === null,
    rating: row.rating || null,
    security: secured === 'secured' ? 'Secured' : secured === 'unsecured' ? 'Unsecured' : null,
    state: null,
    isListed: true,
    isAvailable: true,
    isMatured: maturedOn(maturity, null, asOf),
    isFloatingRate: type === 'CORPORATE_FRB',
    indicativeYield:
      yieldDate !== null && disclosedYield !== null ? toFraction(disclosedYield) : null,
    indicativeYieldAsOf: yieldDate,
    calls: [],
    puts: [],
    nsdlStatus: null,
    source: `raw/corporate-bonds.csv (${row.as_of_date ?? ''})`,
  })
}

/** A hand-checked security, filling in (or replacing) what the other sources have for it. */
export function handChecked(
  row: Record<string, string>,
  existing: FinstrumentRecord | undefined,
  asOf: string,
): FinstrumentRecord {
  const type = (row.security_type ?? 'GSEC') as SecurityType
  const coupon = Number(row.coupon_pct)
  const maturity = row.maturity_date ?? ''
  const government = type === 'GSEC' || type === 'SDL' || type === 'STRIPS'
  const category: BondCategory =
    type === 'SDL' ? 'State Government' : type === 'TAX_FREE' ? 'Tax-free' : 'Government'
  return finish({
    id: row.isin ?? '',
    isin: row.isin ?? '',
    displayName: row.display_name ?? '',
    issuer: row.issuer ?? '',
    securityType: type,
    category: existing?.category ?? category,
    couponRate: coupon / 100,
    frequency: toFrequency(row.frequency ?? ''),
    convention: government ? 'GSEC' : 'CORPORATE',
    dayCount: government ? '30E/360' : 'ACT/ACT-SEBI',
    maturityDate: maturity,
    maturityYear: yearOf(maturity),
    issueDate: row.issue_date || null,
    faceValue: Number(row.face_value || 100),
    faceValueAssumed: false,
    rating: government ? 'SOV' : (existing?.rating ?? null),
    security: government ? 'Sovereign' : (existing?.security ?? null),
    state: row.state || null,
    isListed: true,
    isAvailable: existing?.isAvailable ?? true,
    isMatured: maturity < asOf,
    isFloatingRate: false,
    indicativeYield: existing?.indicativeYield ?? null,
    indicativeYieldAsOf: existing?.indicativeYieldAsOf ?? null,
    calls: [],
    puts: [],
    nsdlStatus: existing?.nsdlStatus ?? null,
    source: `hand-checked.csv (${row.sources ?? ''})`,
  })
}
