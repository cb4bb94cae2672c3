// Answers of the security page's endpoints, for tests and stories: the shapes the server sends.
import type {
  CashflowResponse,
  CreditRationale,
  FinstrumentInfo,
  FinstrumentSummary,
  MarketQuote,
  Trade,
  TradePage,
} from '@bonds/domain'
import { bondSummary } from '../../testing/finstruments.ts'

/** `GET api/v2/finstrument/info/{id}` of 6.54% GS 2032 unless overridden. */
export function bondInfo(overrides: Partial<FinstrumentInfo> = {}): FinstrumentInfo {
  return {
    ...bondSummary(),
    frequency: 2,
    convention: 'GSEC',
    day_count: '30/360',
    issue_date: '2022-01-17',
    face_value: 100,
    face_value_assumed: false,
    security: null,
    state: null,
    is_floating_rate: false,
    calls: [],
    puts: [],
    source: 'test',
    // no G-sec has a memorandum
    information_memorandum: null,
    ...overrides,
  }
}

/** A corporate bond with a call and a put, ₹1 lakh face value. */
export function corporateInfo(overrides: Partial<FinstrumentInfo> = {}): FinstrumentInfo {
  return bondInfo({
    id: 'INE001A07TS9',
    display_name: '7.85% Example Finance 2030',
    identifiers: { isin: 'INE001A07TS9' },
    contract_parameters: { is_listed: true, maturity_date: '2030-06-30' },
    issuer: 'Example Finance Limited',
    security_type: 'CORPORATE',
    category: 'Corporate',
    coupon_rate: 0.0785,
    rating: 'CRISIL AAA',
    frequency: 1,
    convention: 'CORPORATE',
    day_count: 'ACT/ACT',
    face_value: 100_000,
    calls: [{ date: '2028-06-30', price: 100 }],
    puts: [{ date: '2029-06-30', price: 100 }],
    information_memorandum: {
      file_name: 'INE001A07TS9-information-memorandum.pdf',
      size: 1_234_567,
      uploaded_at: '2025-11-20T06:30:00.000Z',
    },
    ...overrides,
  })
}

/** A floating-rate bond: no price follows from a yield. */
export function floatingInfo(): FinstrumentInfo {
  return bondInfo({
    id: 'IN0020200237',
    display_name: 'GOI FRB 2033',
    identifiers: { isin: 'IN0020200237' },
    contract_parameters: { is_listed: true, maturity_date: '2033-09-22' },
    security_type: 'GSEC_FRB',
    coupon_rate: null,
    is_floating_rate: true,
    can_be_priced: false,
  })
}

/** Half-yearly cash flows of `quantity` units of 6.54% GS 2032 from a settlement date. */
export function cashflowAnswer(quantity = 1000, settlement = '2025-11-24'): CashflowResponse {
  const coupon = Math.round(quantity * 100 * 0.0327 * 100) / 100
  const dates = ['2026-01-17', '2026-07-17', '2027-01-17', '2027-07-17', '2028-01-17', '2028-07-17']
  const dated = [...dates, '2029-01-17', '2029-07-17', '2030-01-17', '2030-07-17']
  const more = ['2031-01-17', '2031-07-17', '2032-01-17']
  const all = [...dated, ...more]
  return {
    quantity,
    face_value: 100,
    settlement_date: settlement,
    cashflows: all.map((date, i) => {
      const principal = i === all.length - 1 ? quantity * 100 : 0
      return {
        date,
        interest: coupon,
        principal,
        total: Math.round((coupon + principal) * 100) / 100,
      }
    }),
  }
}

/** A bond summary as the same-issuer list answers it. */
export function summaryOf(info: FinstrumentInfo): FinstrumentSummary {
  return {
    id: info.id,
    display_name: info.display_name,
    identifiers: info.identifiers,
    available: info.available,
    contract_parameters: info.contract_parameters,
    issuer: info.issuer,
    security_type: info.security_type,
    category: info.category,
    coupon_rate: info.coupon_rate,
    rating: info.rating,
    is_matured: info.is_matured,
    can_be_priced: info.can_be_priced,
  }
}

/** Other government bonds, for the same-issuer list. */
export const OTHER_GSECS: readonly FinstrumentSummary[] = [
  summaryOf(
    bondInfo({
      id: 'IN0020230085',
      display_name: '7.18% GS 2033',
      identifiers: { isin: 'IN0020230085' },
      contract_parameters: { is_listed: true, maturity_date: '2033-08-14' },
      coupon_rate: 0.0718,
    }),
  ),
  summaryOf(
    bondInfo({
      id: 'IN0020190016',
      display_name: '7.26% GS 2029',
      identifiers: { isin: 'IN0020190016' },
      contract_parameters: { is_listed: true, maturity_date: '2029-01-14' },
      coupon_rate: 0.0726,
    }),
  ),
  summaryOf(
    bondInfo({
      id: 'IN0020020072',
      display_name: '6.54% GS 2012',
      identifiers: { isin: 'IN0020020072' },
      contract_parameters: { is_listed: true, maturity_date: '2012-01-16' },
      is_matured: true,
      can_be_priced: false,
    }),
  ),
]

/** `count` trades of a bond, newest first, from 21-Nov-2025 back a day at a time. */
export function trades(count: number, from = 0): Trade[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i
    const at = new Date(Date.UTC(2025, 10, 21, 9, 2, 3) - n * 86_400_000)
    return {
      id: String(1000 + n),
      trade_date: at.toISOString(),
      clean_price: Math.round((99.5 - n * 0.01) * 10_000) / 10_000,
      bond_yield: Math.round((0.0668 + n * 0.00002) * 1_000_000) / 1_000_000,
      quantity: 50_000 + n * 1000,
      face_value: 100,
      venue: n % 2 === 0 ? 'NDS-OM' : 'RFQ (NSE)',
      source: 'Reported',
    }
  })
}

/** A page of trades as `POST api/trades/{id}/` answers it. */
export function tradePage(
  results: Trade[],
  count = results.length,
  page = 1,
  pageSize = 20,
): TradePage {
  return { results, count, page, page_size: pageSize }
}

/** Stored rationales, newest first. */
export const RATIONALES: readonly CreditRationale[] = [
  {
    id: 'r2',
    agency: 'CRISIL',
    rating: 'CRISIL AAA/Stable',
    rated_on: '2025-08-12',
    summary:
      'Reaffirmed: strong capitalisation, a diversified loan book and steady access to funding.',
    source_url: 'https://www.crisil.com/',
  },
  {
    id: 'r1',
    agency: 'ICRA',
    rating: 'ICRA AAA (Stable)',
    rated_on: '2024-09-03',
    summary: 'Assigned: parentage and a long record of asset quality support the rating.',
    source_url: null,
  },
]

/** `POST api/quote/market/{id}/` when the market has nothing for the bond. */
export const NO_MARKET_QUOTE: MarketQuote = {
  quote_type: 'ASK',
  source: null,
  as_of: null,
  quantum: null,
  price: null,
  accrued_interest: null,
  dirty_price: null,
  can_be_priced: true,
  allow_price_modification: true,
}

/** The best live offer on 6.54% GS 2032: 7.12% for ₹5 cr, settling Monday 24-Nov-2025. */
export const LIVE_OFFER: MarketQuote = {
  ...NO_MARKET_QUOTE,
  source: 'QUOTE',
  as_of: '2025-11-21T04:40:00.000Z',
  quantum: 50_000_000,
  price: { unit_clean_price: 97.9531, bond_yield: 0.0712, settlement_date: '2025-11-24' },
  accrued_interest: 2.3437,
  dirty_price: 100.2968,
}

/** A corporate's yield as its issuer last disclosed it, carried to T+1. */
export const DISCLOSED_YIELD: MarketQuote = {
  ...NO_MARKET_QUOTE,
  source: 'INDICATIVE',
  as_of: '2025-04-09',
  price: { unit_clean_price: 99.1204, bond_yield: 0.0875, settlement_date: '2025-11-24' },
  accrued_interest: 6.4438,
  dirty_price: 105.5642,
}
