// The bond search (spec section 7, `GET api/trade/finstrument/`), injected into the one API. Not
// silent: a failed search shows the error toast (spec section 8); an aborted one shows none.
import { baseApi } from '@bonds/api-client'
import type { FinstrumentSummary } from '@bonds/domain'

/** The search endpoint: bonds matching fragments of name, ISIN or issuer. */
export const bondSearchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The query's bonds; bonds with `available` false are dropped, though the server sends none. */
    bondSearch: build.query<readonly FinstrumentSummary[], string>({
      query: (searchKey) => ({ url: 'api/trade/finstrument/', query: { searchKey } }),
      transformResponse: (bonds: FinstrumentSummary[]) => bonds.filter((bond) => bond.available),
      providesTags: (bonds) => (bonds ?? []).map((bond) => ({ type: 'Finstrument', id: bond.id })),
    }),
  }),
})

/** One query's answer from the cache (a request when it has none). */
export const { useBondSearchQuery } = bondSearchApi
