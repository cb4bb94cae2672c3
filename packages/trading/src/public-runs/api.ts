// The public runs (`GET api/trade/d/market/`, every page of it), accepting a cluster
// (`POST api/cluster/{id}/accept/?lsId=`, priced first with `GET api/cluster/{id}/`) and
// negotiating or closing one (`PUT api/trade/cluster/{id}/`, its facilitators from
// `GET api/trade/facilitator/`). Live: every quote posted, changed or gone (`quotes_eoi`) and every
// cluster change (`quotes_cluster`) refetches the runs, at most every quarter second (decision 262).
import { baseApi, onStreamMessages } from '@bonds/api-client'
import { original } from '@reduxjs/toolkit'
import {
  NETWORK_MAX_PAGE_SIZE,
  type Cluster,
  type ClusterPrice,
  type ClusterUpdate,
  type FacilitatorList,
  type ParticipantResult,
  type PublicRun,
  type PublicRunPage,
} from '@bonds/domain'
import { scheduleListRefetch } from '../rfq/api.ts'
import { withCluster } from './cluster-update.ts'

/** What the public runs list asks. */
export interface PublicRunsArgs {
  search?: string
  myQuotes?: boolean
}

/** The server's largest page of runs: the list is fetched in pages of this many. */
export const PUBLIC_RUNS_PAGE_SIZE = NETWORK_MAX_PAGE_SIZE

/** Accepting one's side of a cluster on an exchange. */
export interface AcceptClusterArgs {
  cluster: Pick<Cluster, 'id' | 'updated_at'>
  exchange: 'NSE' | 'BSE'
}

/** A cluster's update (or close) as the form sends it. */
export interface UpdateClusterArgs {
  id: number
  update: ClusterUpdate
}

/** The public runs endpoints. */
export const publicRunsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every bond of the public market: the first page, then the rest at once (a bond that moved
     * between pages while they were read is listed once, as its later page has it).
     */
    publicRuns: build.query<PublicRunPage, PublicRunsArgs>({
      async queryFn({ search, myQuotes }, _api, _extra, baseQuery) {
        const pageOf = (page: number) =>
          baseQuery({
            url: 'api/trade/d/market/',
            query: {
              page,
              page_size: PUBLIC_RUNS_PAGE_SIZE,
              ...(search ? { search } : {}),
              ...(myQuotes ? { my_quotes: 'true' } : {}),
            },
          })
        const first = await pageOf(1)
        if (first.error) return { error: first.error }
        const head = first.data as PublicRunPage
        const pages = Math.ceil(head.count / PUBLIC_RUNS_PAGE_SIZE)
        const rest = await Promise.all(
          Array.from({ length: Math.max(0, pages - 1) }, (_, at) => pageOf(at + 2)),
        )
        const failed = rest.find((answer) => answer.error)
        if (failed?.error) return { error: failed.error }
        const byBond = new Map<string, PublicRun>()
        for (const page of [head, ...rest.map((answer) => answer.data as PublicRunPage)]) {
          for (const run of page.results) byBond.set(run.finstrument_id, run)
        }
        const results = [...byBond.values()]
        return { data: { results, count: results.length, page: 1, page_size: results.length } }
      },
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
    /**
     * Negotiate or close a cluster: the runs take the server's answer at once (a closed cluster
     * leaves its line); the `quotes_cluster` that follows fetches them again for both parties.
     */
    updateCluster: build.mutation<Cluster, UpdateClusterArgs>({
      query: ({ id, update }) => ({
        url: `api/trade/cluster/${id}/`,
        method: 'PUT',
        body: update,
        silent: true,
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        let cluster: Cluster
        try {
          cluster = (await queryFulfilled).data
        } catch {
          return // the form shows the server's message
        }
        for (const { endpointName, originalArgs } of publicRunsApi.util.selectInvalidatedBy(
          getState(),
          [{ type: 'PublicRun', id: 'LIST' }],
        )) {
          if (endpointName !== 'publicRuns') continue
          dispatch(
            publicRunsApi.util.updateQueryData(
              'publicRuns',
              originalArgs as PublicRunsArgs,
              (draft) => {
                const base = original(draft) ?? draft
                const page = withCluster(base, cluster)
                return page === base ? undefined : page
              },
            ),
          )
        }
      },
      // A close ends the response quote and frees the quote it answered: the caller's quotes.
      invalidatesTags: (result, _error, { update }) =>
        result && update.close ? [{ type: 'Eoi', id: 'LIST' }] : [],
    }),
    /** The broker firms that may facilitate the caller's clusters (partners first). */
    facilitators: build.query<ParticipantResult[], void>({
      query: () => ({ url: 'api/trade/facilitator/', silent: true }),
      transformResponse: (list: FacilitatorList) => list.results,
      providesTags: [{ type: 'Participant', id: 'FACILITATORS' }],
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
export const {
  usePublicRunsQuery,
  useAcceptClusterMutation,
  useUpdateClusterMutation,
  useFacilitatorsQuery,
} = publicRunsApi
