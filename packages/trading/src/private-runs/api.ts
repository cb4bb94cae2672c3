// The private run (`GET api/eoi/private-run/`, spec section 7) and its writes (decision 265):
// confirm, correct, dismiss, send to RFQ; and the parser's reading of a pasted run
// (`POST api/eoi/parse/`). Live: the `private_run` socket message invalidates the run's tag, so
// the tab fetches it again (the stream applies a frame's messages at once, one refetch a frame).
// Writes are silent: the tab shows a refusal's message in place.
import { baseApi } from '@bonds/api-client'
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
