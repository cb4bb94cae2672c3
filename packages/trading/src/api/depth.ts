// Market depth of one bond (`GET api/quote/depth/`, spec section 7): anonymous price levels, best
// first, with the caller's own share. Live: every quote posted, answered or withdrawn on the bond
// (`quotes_eoi`) invalidates its depth, which the screens showing it fetch again.
import { baseApi } from '@bonds/api-client'
import type { MarketDepth } from '@bonds/domain'

/** The depth endpoints. */
export const depthApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    marketDepth: build.query<MarketDepth, string>({
      query: (isin) => ({ url: 'api/quote/depth/', query: { isin } }),
      providesTags: (result, _error, isin) => [
        { type: 'Depth', id: isin },
        ...(result ? [{ type: 'Depth' as const, id: result.finstrument_id }] : []),
      ],
    }),
  }),
})

/** One bond's depth, live. */
export const { useMarketDepthQuery } = depthApi
