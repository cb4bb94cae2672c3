// Finstrument rows as the wire sends them: the summary lists and search show, and all the terms.
import type { FinstrumentSummary, FinstrumentTerms } from '@bonds/domain'
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
  }
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
