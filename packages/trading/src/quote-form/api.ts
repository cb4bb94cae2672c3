// The bond the quote form prices: its terms from `GET api/v2/finstrument/info/{id}` (spec section
// 7), read into @bonds/pricing's terms as the security page reads them (decision 288).
import { baseApi } from '@bonds/api-client'
import type { FinstrumentInfo } from '@bonds/domain'
import { termsOfFinstrument, type BondTerms } from '@bonds/pricing'

/** The quote form's endpoint. */
export const quoteBondApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A bond's pricing terms; null when it cannot be priced. */
    quoteBondTerms: build.query<BondTerms | null, string>({
      query: (id) => ({ url: `api/v2/finstrument/info/${encodeURIComponent(id)}`, silent: true }),
      transformResponse: (bond: FinstrumentInfo) => termsOfFinstrument(bond),
      providesTags: (_terms, _error, id) => [{ type: 'Finstrument', id }],
    }),
  }),
})

/** The quote form's hook. */
export const { useQuoteBondTermsQuery } = quoteBondApi
