// The rating agencies' rationales for a bond (`GET api/credit-rationale/{id}/`), newest first,
// behind the security-data permission. Silent: the section shows its own error and a retry.
import { baseApi } from '@bonds/api-client'
import type { CreditRationaleList } from '@bonds/domain'

/** The credit-rationale endpoint. */
export const creditRationaleApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    creditRationale: build.query<CreditRationaleList, string>({
      query: (id) => ({ url: `api/credit-rationale/${encodeURIComponent(id)}/`, silent: true }),
      providesTags: (_list, _error, id) => [{ type: 'SecuritySection', id: `rationale:${id}` }],
    }),
  }),
})

/** A bond's stored rationales. */
export const { useCreditRationaleQuery } = creditRationaleApi
