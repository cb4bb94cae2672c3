// Finstrument rows as the wire sends them: the summary lists and search show, and all the terms.
import type { FinstrumentSummary, FinstrumentTerms } from '@bonds/domain'
import type { FinstrumentRow, FinstrumentSummaryRow } from './repo.ts'

/** Today's date (UTC), as the universe import and the matured flag read it. */
export function today(): string {
  return new Date().toISOString().slice(0, 10)
}

function isMatured(row: Pick<FinstrumentRow, 'maturityDate'>): boolean {
  return row.maturityDate !== null && row.maturityDate < today()
}

/** A row as lists and search return it. */
export function toSummary(row: FinstrumentSummaryRow): FinstrumentSummary {
  const matured = isMatured(row)
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

/** A row with all its terms (the term sheet the security page and the PDFs show). */
export function toTerms(row: FinstrumentRow): FinstrumentTerms {
  return {
    ...toSummary(row),
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
