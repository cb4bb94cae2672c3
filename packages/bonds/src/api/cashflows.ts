// A bond's cash flows for a quantity (`POST api/cashflow/{id}/ {quantity, ref_date}`): dated
// interest and principal in rupees. Silent: the section shows its own error and a retry.
import { baseApi } from '@bonds/api-client'
import type { CashflowResponse } from '@bonds/domain'

/** What the cash flows are asked for: the bond, the units and the settlement they start after. */
export interface CashflowQuery {
  id: string
  quantity: number
  refDate: string
}

/** The cash-flow endpoint. */
export const cashflowsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cashflows: build.query<CashflowResponse, CashflowQuery>({
      query: ({ id, quantity, refDate }) => ({
        url: `api/cashflow/${encodeURIComponent(id)}/`,
        method: 'POST',
        body: { quantity, ref_date: refDate },
        silent: true,
      }),
      providesTags: (_flows, _error, { id }) => [
        { type: 'SecuritySection', id: `cashflows:${id}` },
      ],
    }),
  }),
})

/** A bond's cash flows for a quantity from a settlement date. */
export const { useCashflowsQuery } = cashflowsApi
