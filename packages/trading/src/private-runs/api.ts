// The private run (`GET api/eoi/private-run/`, spec section 7) and its writes (decision 265):
// confirm, correct, dismiss, send to RFQ; and the parser's reading of a pasted run
// (`POST api/eoi/parse/`). Live: a `private_run` message names lines, not their content, so the
// run is fetched again, at most every `RUN_REFETCH_MS` however many stream in; a dismissal leaves
// the run in place without a request (decision 312).
// Writes are silent: the tab shows a refusal's message in place.
import { baseApi, onStreamMessages, type StreamPatcher } from '@bonds/api-client'
import type {
  EoiParseResponse,
  PrivateRunCorrection,
  PrivateRunLine,
  PrivateRunPage,
  RfqExchange,
} from '@bonds/domain'

/** What the run asks: a filter and how many lines. */
export interface PrivateRunArgs {
  search?: string
  page_size?: number
}

const RUN = [{ type: 'PrivateRun' as const, id: 'LIST' as const }]
const line = (id: number, action: string) => `api/eoi/private-run/${id}/${action}/`

/** The private run's endpoints. */
export const privateRunsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    privateRun: build.query<PrivateRunPage, PrivateRunArgs>({
      query: (args) => ({
        url: 'api/eoi/private-run/',
        query: {
          page_size: args.page_size ?? 100,
          ...(args.search ? { search: args.search } : {}),
        },
      }),
      providesTags: RUN,
    }),
    confirmRunLine: build.mutation<PrivateRunLine, number>({
      query: (id) => ({ url: line(id, 'confirm'), method: 'POST', silent: true }),
      invalidatesTags: RUN,
    }),
    correctRunLine: build.mutation<PrivateRunLine, { id: number } & PrivateRunCorrection>({
      query: ({ id, ...body }) => ({
        url: line(id, 'correct'),
        method: 'POST',
        body,
        silent: true,
      }),
      invalidatesTags: RUN,
    }),
    dismissRunLine: build.mutation<void, number>({
      query: (id) => ({ url: line(id, 'dismiss'), method: 'POST', silent: true }),
      invalidatesTags: RUN,
    }),
    sendRunLineToRfq: build.mutation<PrivateRunLine, { id: number; exchange: RfqExchange }>({
      query: ({ id, exchange }) => ({
        url: line(id, 'send-to-rfq'),
        method: 'POST',
        body: { exchange },
        silent: true,
      }),
      invalidatesTags: RUN,
    }),
    readPastedRun: build.mutation<EoiParseResponse, string>({
      query: (text) => ({ url: 'api/eoi/parse/', method: 'POST', body: { text }, silent: true }),
    }),
  }),
})

/** The run and its writes. */
export const {
  usePrivateRunQuery,
  useConfirmRunLineMutation,
  useCorrectRunLineMutation,
  useDismissRunLineMutation,
  useSendRunLineToRfqMutation,
  useReadPastedRunMutation,
} = privateRunsApi

/** How often, at most, streamed `private_run` messages fetch the run again. */
export const RUN_REFETCH_MS = 250

/** The refetch scheduled for each store (keyed by its dispatch). */
const runRefetches = new WeakSet<object>()

/** Dismissals dropped in place; any other change fetches the run again within `RUN_REFETCH_MS`. */
const patchRun: StreamPatcher<'private_run'> = (messages, { dispatch, getState }) => {
  const dismissed = new Set<number>()
  let changed = false
  for (const { data } of messages) {
    const ids = Array.isArray(data.line_ids)
      ? data.line_ids.filter((id): id is number => typeof id === 'number')
      : []
    if (data.reason === 'dismissed' && ids.length > 0) for (const id of ids) dismissed.add(id)
    else changed = true
  }
  if (dismissed.size > 0) {
    for (const { endpointName, originalArgs } of privateRunsApi.util.selectInvalidatedBy(
      getState(),
      RUN,
    )) {
      if (endpointName !== 'privateRun') continue
      dispatch(
        privateRunsApi.util.updateQueryData('privateRun', originalArgs as PrivateRunArgs, (run) => {
          const before = run.results.length
          run.results = run.results.filter((line) => !dismissed.has(line.id))
          run.count -= before - run.results.length
        }),
      )
    }
  }
  if (!changed || runRefetches.has(dispatch)) return
  runRefetches.add(dispatch)
  setTimeout(() => {
    runRefetches.delete(dispatch)
    dispatch(baseApi.util.invalidateTags(RUN))
  }, RUN_REFETCH_MS)
}

onStreamMessages('private_run', patchRun, ['PrivateRun'])
