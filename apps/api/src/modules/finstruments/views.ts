// Finstrument rows as the wire sends them: the summary lists and search show, and all the terms.
import type { FinstrumentSummary, FinstrumentTerms } from '@bonds/domain'
import type { FinstrumentsContext, Viewer } from './context.ts'
import type { FinstrumentRow, FinstrumentSummaryRow } from './repo.ts'
import { maturedOn } from './universe-record.ts'

/** A row as lists and search return it; `today` (YYYY-MM-DD, India) decides "matured". */
export function toSummary(row: FinstrumentSummaryRow, today: string): FinstrumentSummary {
  const matured = maturedOn(row.maturityDate, row.maturityYear, today)
  return {
    id: row.id,
    display_name: row.displayName,
    identifiers: { isin: row.isin },
    available: row.isAvailable,
    contract_parameters: { is_listed: row.isListed, maturity_date: row.maturityDate },
    issuer: row.issuer,
    security_type: row.securityType,
    category: row.category,
    coupon_rate: row.couponRate,
    rating: row.rating,
    is_matured: matured,
    can_be_priced: row.canBePriced && !matured,
    indicative_yield: row.indicativeYield,
    indicative_yield_as_of: row.indicativeYieldAsOf,
    indicative_yield_source: row.indicativeYield === null ? null : 'disclosure',
  }
}

/**
 * Summaries with a yield where the market has one: a bond no fund disclosure prices (every G-sec
 * and SDL) shows its latest live quote's yield, else a recent trade's, with the time (issue 16,
 * decision 110).
 */
export async function withMarketYields<T extends FinstrumentSummary>(
  { marketYields, now }: Pick<FinstrumentsContext, 'marketYields' | 'now'>,
  summaries: T[],
  viewer: Viewer,
): Promise<T[]> {
  // Rounded as stored yields are (6 decimals), so the sort's key and the shown value agree.
  const wanted = summaries.filter((s) => s.indicative_yield == null)
  if (wanted.length === 0) return summaries
  const market = await marketYields(
    wanted.map((s) => s.id),
    now(),
    viewer,
  )
  return summaries.map((s) => {
    const found = s.indicative_yield == null ? market.get(s.id) : undefined
    if (!found) return s
    return {
      ...s,
      indicative_yield: Number(found.bondYield.toFixed(6)),
      indicative_yield_as_of: found.at.toISOString(),
      indicative_yield_source: found.source,
    }
  })
}

/** A row with all its terms on `today` (YYYY-MM-DD, India): the term sheet the security page and
 * the PDFs show. */
export function toTerms(row: FinstrumentRow, today: string): FinstrumentTerms {
  return {
    ...toSummary(row, today),
    frequency: row.frequency,
    convention: (row.convention as FinstrumentTerms['convention']) ?? null,
    day_count: row.dayCount,
    issue_date: row.issueDate,
    face_value: row.faceValue,
    face_value_assumed: row.faceValueAssumed,
    security: row.security,
    state: row.state,
    is_floating_rate: row.isFloatingRate,
    calls: row.calls,
    puts: row.puts,
    source: row.source,
  }
}

/** One summary (or term sheet) with the market's yield where it has one. */
export async function withMarketYield<T extends FinstrumentSummary>(
  context: Pick<FinstrumentsContext, 'marketYields' | 'now'>,
  summary: T,
  viewer: Viewer,
): Promise<T> {
  const [withYield] = await withMarketYields(context, [summary], viewer)
  return withYield ?? summary
}

/** The market's yields of the bonds it sees trading (the liquid ones), for the yield sort. */
export async function marketYieldsOfLiquid(
  context: Pick<FinstrumentsContext, 'liquidBonds' | 'marketYields' | 'now'>,
  viewer: Viewer,
): Promise<Map<string, number>> {
  const at = context.now()
  const market = await context.marketYields(await context.liquidBonds(at), at, viewer)
  return new Map([...market].map(([id, y]) => [id, Number(y.bondYield.toFixed(6))]))
}
