// The RFQ quotes list (`GET api/eoi/rfq-quote/`): the market's live quotes, anonymous, newest
// change first, each with the negotiations on it the caller's firm is part of; search by bond
// name or ISIN, the caller's firm's own with `my_quotes`, everything at once with
// `paginate=false`. Empty without trade access (spec section 6; decision 262).
import {
  PERMISSIONS,
  RFQ_UNPAGED_MAX,
  type FixedField,
  type QuoteType,
  type RfqQuotePage,
  type RfqQuoteQuery,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { MarketContext } from '../context.ts'
import { visibleState } from '../model.ts'
import { negotiationSide, negotiationView } from '../rfq-model.ts'
import { entriesOf, marketQuotes, negotiationsOnQuotes } from '../rfq-repo.ts'

/** How long a quote the caller's firm dealt on stays on its RFQ quotes list. */
export const DEALS_SHOWN_MS = 12 * 60 * 60 * 1000

/** The market's live quotes with the caller's negotiations on them. */
export async function rfqQuotes(
  { db, now }: MarketContext,
  user: AuthUser,
  query: RfqQuoteQuery,
): Promise<RfqQuotePage> {
  const unpaged = query.paginate === false
  const page = unpaged ? 1 : query.page
  const pageSize = unpaged ? RFQ_UNPAGED_MAX : query.page_size
  if (!user.permissions.includes(PERMISSIONS.canTrade)) {
    return { results: [], count: 0, page, page_size: pageSize }
  }
  const at = now()
  const { rows, total } = await marketQuotes(db, {
    now: at,
    // A quote dealt in full leaves the market but stays on both firms' lists, with its deal.
    dealtBy: { clientId: user.clientId, since: new Date(at.getTime() - DEALS_SHOWN_MS) },
    ...(query.search ? { search: query.search } : {}),
    ...(query.my_quotes ? { clientId: user.clientId } : {}),
    offset: (page - 1) * pageSize,
    limit: pageSize,
  })
  const threads = await negotiationsOnQuotes(
    db,
    rows.map((row) => row.id),
    user.clientId,
  )
  const entries = await entriesOf(
    db,
    threads.map((thread) => thread.id),
  )
  return {
    results: rows.map((row) => ({
      id: row.id,
      finstrument_id: row.finstrumentId,
      isin: row.isin,
      display_name: row.displayName,
      quote_type: row.quoteType as QuoteType,
      quantum: row.quantum,
      unit_price_stored: row.unitPrice,
      yield_stored: row.bondYield,
      fixed_field: row.fixedField as FixedField,
      settlement_date: row.settlementDate,
      expiry_date_stored: row.expiresAt.toISOString(),
      state: visibleState(row, at),
      mine: row.clientId === user.clientId,
      negotiations: threads
        .filter((thread) => thread.eoiId === row.id)
        .map((thread) =>
          negotiationView(
            thread,
            entries,
            negotiationSide(thread, user.clientId) ?? 'COUNTERPARTY',
          ),
        ),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    })),
    count: total,
    page,
    page_size: pageSize,
  }
}
