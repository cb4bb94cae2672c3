// Trades the platform knows for a bond (`POST api/trades/{id}/ {pagination, sort, filters}`),
// behind the security-data permission. Silent: the section shows its own error and a retry.
import { baseApi } from '@bonds/api-client'
import type { TradePage, TradeSortField } from '@bonds/domain'

/** A trades request as the trade history sends it (all parts given). */
export interface TradeQuery {
  id: string
  page: number
  pageSize: number
  sort: { field: TradeSortField; direction: 'asc' | 'desc' }
  filters: { date_from?: string; date_to?: string }
}

/** The trades endpoint. */
export const tradesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    trades: build.query<TradePage, TradeQuery>({
      query: ({ id, page, pageSize, sort, filters }) => ({
        url: `api/trades/${encodeURIComponent(id)}/`,
        method: 'POST',
        body: { pagination: { page, page_size: pageSize }, sort, filters },
        silent: true,
      }),
      providesTags: (_page, _error, { id }) => [{ type: 'SecuritySection', id: `trades:${id}` }],
    }),
  }),
})

/** A page of a bond's trades. */
export const { useTradesQuery } = tradesApi
