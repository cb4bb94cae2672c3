// The public runs (`GET api/trade/d/market/`, every page of it), accepting a cluster
// (`POST api/cluster/{id}/accept/?lsId=`, priced first with `GET api/cluster/{id}/`) and
// negotiating or closing one (`PUT api/trade/cluster/{id}/`, its facilitators from
// `GET api/trade/facilitator/`). Live: the bonds named by every quote posted, changed or gone
// (`quotes_eoi`), every bond whose market changed (`quotes_stream`) and every cluster change
// (`quotes_cluster`) are read again, only those bonds, at most every quarter second, and their
// lines patched into the runs (decision 410; decision 262 before it read the whole market each time).
import { baseApi, onStreamMessages, type StreamMessage } from '@bonds/api-client'
import { original } from '@reduxjs/toolkit'
import { QueryStatus } from '@reduxjs/toolkit/query'
import {
  NETWORK_MAX_PAGE_SIZE,
  PUBLIC_RUNS_MAX_BONDS_PER_READ,
  type Cluster,
  type ClusterPrice,
  type ClusterUpdate,
  type FacilitatorList,
  type ParticipantResult,
  type PublicRun,
  type PublicRunPage,
} from '@bonds/domain'
import { LIST_REFETCH_MS } from '../rfq/api.ts'
import { withCluster } from './cluster-update.ts'
import { patchPublicRuns } from './runs-patch.ts'

/** What the public runs list asks. */
export interface PublicRunsArgs {
  search?: string
  myQuotes?: boolean
}

/** A read of some bonds' lines of a public runs list: the list's own args and the bonds. */
export interface PublicRunLinesArgs extends PublicRunsArgs {
  bonds: string[]
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
      // Streamed quotes and clusters patch it through `schedulePublicRunsPatch` (decision 410).
      providesTags: [{ type: 'PublicRun', id: 'LIST' }],
    }),
    /**
     * The lines of only these bonds (at most PUBLIC_RUNS_MAX_BONDS_PER_READ), with a list's search
     * and my_quotes: what a stream's patch of the runs reads (decision 410). Kept by nobody.
     */
    publicRunLines: build.query<PublicRun[], PublicRunLinesArgs>({
      query: ({ bonds, search, myQuotes }) => ({
        url: 'api/trade/d/market/',
        query: {
          finstrument_id: bonds.join(','),
          page_size: PUBLIC_RUNS_PAGE_SIZE,
          ...(search ? { search } : {}),
          ...(myQuotes ? { my_quotes: 'true' } : {}),
        },
        silent: true,
      }),
      transformResponse: (page: PublicRunPage) => page.results,
      keepUnusedDataFor: 0,
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

/** What a stream patcher gets besides the messages. */
type StreamContext = Parameters<Parameters<typeof onStreamMessages>[1]>[1]

/** The bonds streamed messages named since the runs were last patched, per store. */
interface PendingPatch {
  bonds: Set<string>
  /** A message named no bond, or too many bonds changed: the runs are read whole. */
  whole: boolean
}

/** The pending patch of each store (keyed by its dispatch), so stores never share one. */
const pendingPatches = new WeakMap<object, PendingPatch>()
/** Each store's patch in flight: the next waits for it, so an older read never lands last. */
const patchesInFlight = new WeakMap<object, Promise<void>>()

const RUNS_LIST = [{ type: 'PublicRun' as const, id: 'LIST' as const }]

/**
 * Most reads of changed bonds a list makes in one window (of PUBLIC_RUNS_MAX_BONDS_PER_READ each):
 * past them the runs are read whole (a whole market of 5,000 bonds is 50 pages).
 */
export const PATCH_READS_PER_WINDOW = 5

/**
 * Patch the public runs within `LIST_REFETCH_MS` with the lines of `bonds` (a bond `undefined`: a
 * message that named none): however many messages stream in, one small read per quarter second
 * and list, of only the bonds they named (in reads of up to PUBLIC_RUNS_MAX_BONDS_PER_READ). Without
 * a bond, or over PATCH_READS_PER_WINDOW such reads' worth of bonds in one window, the runs are read
 * whole, as before decision 410.
 */
export function schedulePublicRunsPatch(
  context: StreamContext,
  bonds: readonly (string | undefined)[],
): void {
  const key = context.dispatch
  let pending = pendingPatches.get(key)
  if (!pending) {
    const created: PendingPatch = { bonds: new Set(), whole: false }
    pendingPatches.set(key, created)
    pending = created
    setTimeout(() => {
      pendingPatches.delete(key)
      const next = (patchesInFlight.get(key) ?? Promise.resolve())
        .then(() => applyPatch(context, created))
        .catch(() => undefined)
      patchesInFlight.set(key, next)
    }, LIST_REFETCH_MS)
  }
  for (const bond of bonds) {
    if (bond === undefined) pending.whole = true
    else pending.bonds.add(bond)
  }
  if (pending.bonds.size > PUBLIC_RUNS_MAX_BONDS_PER_READ * PATCH_READS_PER_WINDOW) {
    pending.whole = true
  }
}

/** Read the window's bonds for each cached runs list and patch their lines in. */
async function applyPatch(context: StreamContext, { bonds, whole }: PendingPatch): Promise<void> {
  const { dispatch, getState } = context
  if (whole) {
    dispatch(baseApi.util.invalidateTags(RUNS_LIST))
    return
  }
  const ids = [...bonds].sort()
  const lists = publicRunsApi.util
    .selectInvalidatedBy(getState(), RUNS_LIST)
    .filter(({ endpointName }) => endpointName === 'publicRuns')
  for (const { originalArgs } of lists) {
    const args = originalArgs as PublicRunsArgs
    const entry = publicRunsApi.endpoints.publicRuns.select(args)(getState())
    const reading = entry.status === QueryStatus.pending
    if (entry.data === undefined) continue // its first read is still to come: it has the bonds
    if (reading) {
      // Being read whole: a read begun before the change must not land after the patch.
      schedulePublicRunsPatch(context, ids)
      continue
    }
    // Up to PUBLIC_RUNS_MAX_BONDS_PER_READ bonds a read, the reads at once.
    const chunks: string[][] = []
    for (let at = 0; at < ids.length; at += PUBLIC_RUNS_MAX_BONDS_PER_READ) {
      chunks.push(ids.slice(at, at + PUBLIC_RUNS_MAX_BONDS_PER_READ))
    }
    const answers = await Promise.all(
      chunks.map((chunk) =>
        dispatch(
          publicRunsApi.endpoints.publicRunLines.initiate(
            { ...args, bonds: chunk },
            { subscribe: false, forceRefetch: true },
          ),
        ),
      ),
    )
    if (answers.some((answer) => answer.data === undefined)) {
      dispatch(baseApi.util.invalidateTags(RUNS_LIST))
      return
    }
    const lines = answers.flatMap((answer) => answer.data ?? [])
    dispatch(
      publicRunsApi.util.updateQueryData('publicRuns', args, (draft) => {
        const base = original(draft) ?? draft
        const page = patchPublicRuns(base, bonds, lines)
        return page === base ? undefined : page
      }),
    )
  }
}

/** The bond a streamed message names, if it names one. */
const bondOf = (message: StreamMessage): string | undefined => {
  const bond = message.data.finstrument_id
  return typeof bond === 'string' && bond.length > 0 ? bond : undefined
}

/** `quotes_eoi` and `quotes_stream`: the bonds they name are read again and patched in. */
onStreamMessages(
  'quotes_eoi',
  (messages, context) => {
    schedulePublicRunsPatch(context, messages.map(bondOf))
  },
  ['PublicRun'],
)
onStreamMessages('quotes_stream', (messages, context) => {
  schedulePublicRunsPatch(context, messages.map(bondOf))
})

/**
 * `quotes_cluster`: the cluster's bond is read again and patched in within a quarter second (the
 * whole runs when the message names no bond); other cluster views at once (the RFQ quotes hear of
 * the quotes a cluster closes or reopens by their own `quotes_eoi`).
 */
onStreamMessages(
  'quotes_cluster',
  (messages, context) => {
    schedulePublicRunsPatch(context, messages.map(bondOf))
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
