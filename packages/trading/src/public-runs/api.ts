// The public runs (`GET api/trade/d/market/`) and accepting a cluster
// (`POST api/cluster/{id}/accept/?lsId=`, priced first with `GET api/cluster/{id}/`). Live: every
// quote posted, changed or gone (`quotes_eoi`) and every cluster change (`quotes_cluster`)
// refetches the runs, at most every quarter second (decision 262).
import { baseApi, onStreamMessages } from '@bonds/api-client'
import type { Cluster, ClusterPrice, PublicRunPage } from '@bonds/domain'
import { scheduleListRefetch } from '../rfq/api.ts'

/** What the public runs list asks. */
export interface PublicRunsArgs {
  search?: string
  myQuotes?: boolean
  page?: number
}

/** Accepting one's side of a cluster on an exchange. */
export interface AcceptClusterArgs {
  cluster: Pick<Cluster, 'id' | 'updated_at'>
  exchange: 'NSE' | 'BSE'
}

/** The public runs endpoints. */
export const publicRunsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    publicRuns: build.query<PublicRunPage, PublicRunsArgs>({
      query: ({ search, myQuotes, page }) => ({
        url: 'api/trade/d/market/',
        query: {
          page: page ?? 1,
          page_size: 100,
          ...(search ? { search } : {}),
          ...(myQuotes ? { my_quotes: 'true' } : {}),
        },
      }),
      // Streamed quotes and clusters reach it through `scheduleListRefetch` (at most 4 a second).
      providesTags: [{ type: 'PublicRun', id: 'LIST' }],
    }),
    /** Price the caller's side, then accept at exactly those numbers (the server checks them). */
    acceptCluster: build.mutation<Cluster, AcceptClusterArgs>({
      async queryFn({ cluster, exchange }, _api, _extra, baseQuery) {
        const priced = await baseQuery({ url: `api/cluster/${cluster.id}/`, silent: true })
        if (priced.error) return { error: priced.error }
        const price = priced.data as ClusterPrice
        const accepted = await baseQuery({
          url: `api/cluster/${cluster.id}/accept/`,
          method: 'POST',
          query: { lsId: cluster.updated_at },
          body: {
            bond_yield: price.bond_yield,
            unit_clean_price: price.unit_clean_price,
            total_accrued_interest: price.total_accrued_interest,
            exchange,
          },
          silent: true,
        })
        if (accepted.error) return { error: accepted.error }
        return { data: accepted.data as Cluster }
      },
      invalidatesTags: [
        { type: 'PublicRun', id: 'LIST' },
        { type: 'Cluster', id: 'LIST' },
        { type: 'Eoi', id: 'LIST' },
      ],
    }),
  }),
})

/**
 * `quotes_cluster`: the runs refetch within a quarter second; other cluster views at once (the
 * RFQ quotes hear of the quotes a cluster closes or reopens by their own `quotes_eoi`).
 */
onStreamMessages(
  'quotes_cluster',
  (messages, { dispatch }) => {
    scheduleListRefetch(dispatch, ['PublicRun'])
    return messages.flatMap((message) => {
      const id = message.data.cluster_id as number | undefined
      return [
        ...(id === undefined ? [] : [{ type: 'Cluster' as const, id }]),
        { type: 'Cluster' as const, id: 'LIST' },
      ]
    })
  },
  ['Cluster'],
)

/** The public runs hooks. */
export const { usePublicRunsQuery, useAcceptClusterMutation } = publicRunsApi
