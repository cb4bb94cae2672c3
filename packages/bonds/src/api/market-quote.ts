// The market's level for a bond (`POST api/quote/market/{id}/`): the best live offer, else
// (inferred) the last trade's or the disclosed yield at the settlement; `price` null when the
// market has none. Silent: a failed price lookup shows nothing (spec section 8). Tagged with the
// bond's depth, so where the trade stream runs a quote on the bond refreshes it.
import { baseApi } from '@bonds/api-client'
import type { MarketQuote } from '@bonds/domain'

/** What the level is asked for: the bond and the settlement date. */
export interface MarketQuoteQuery {
  id: string
  settlementDate: string
}

/** The market-quote endpoint. */
export const marketQuoteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The ASK side, inferred from the market when no live offer stands. */
    marketQuote: build.query<MarketQuote, MarketQuoteQuery>({
      query: ({ id, settlementDate }) => ({
        url: `api/quote/market/${encodeURIComponent(id)}/`,
        method: 'POST',
        body: { infer_from_market: true, quote_type: 'ASK', settlement_date: settlementDate },
        silent: true,
      }),
      providesTags: (_quote, _error, { id }) => [
        { type: 'SecuritySection', id: `market:${id}` },
        { type: 'Depth', id },
      ],
    }),
  }),
})

/** A bond's market level at a settlement date. */
export const { useMarketQuoteQuery } = marketQuoteApi
