// Where a bond's yield comes from, said on the row: a fund portfolio disclosure (corporate bonds),
// the latest live quote, or a trade of the last 30 days; and, where there is none, why (issue 16).
import type { FinstrumentSummary } from '@bonds/domain'
import { formatDate, formatDateTime } from '@bonds/ui-kit'

/** The short line under a yield, and the whole sentence (tooltip and screen readers). */
export interface YieldSource {
  short: string
  full: string
}

/** What a row says of its yield's source. */
export function yieldSource(
  bond: Pick<
    FinstrumentSummary,
    'indicative_yield' | 'indicative_yield_as_of' | 'indicative_yield_source'
  >,
): YieldSource {
  const at = bond.indicative_yield_as_of
  if (bond.indicative_yield == null || !at) {
    return {
      short: 'none known',
      full: 'No yield: no fund disclosure, no live quote and no trade in the last 30 days.',
    }
  }
  switch (bond.indicative_yield_source) {
    case 'quote':
      return { short: 'live quote', full: `Yield of the latest live quote, ${formatDateTime(at)}.` }
    case 'trade':
      return { short: 'last trade', full: `Yield of the last trade, ${formatDateTime(at)}.` }
    default:
      return {
        short: `disclosed ${formatDate(at)}`,
        full: `Yield disclosed in a mutual fund’s portfolio, ${formatDate(at)}.`,
      }
  }
}
