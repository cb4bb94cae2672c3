// The RFQ quotes of the market (spec section 7: `GET api/eoi/rfq-quote/`, negotiation, close,
// withdraw, post). Live over the trade socket: a quote that expires or is withdrawn (`quotes_eoi`) leaves
// every RFQ quotes list in place at once, then the lists fetch again; `rfq_negotiation`
// invalidates the quotes it names (decisions 261, 262).
import { baseApi, heldFiles, onStreamMessages, type StreamMessage } from '@bonds/api-client'
import type {
  Eoi,
  EoiCreatePayload,
  EoiNegotiationPayload,
  EoiUploadPreview,
  EoiUploadSaved,
  Negotiation,
  RfqQuotePage,
} from '@bonds/domain'

/** What the RFQ quotes list asks: a bond search and only the firm's own quotes. */
export interface RfqQuotesArgs {
  search?: string
  myQuotes?: boolean
}

/** A close of one's quote against the other side's in their negotiation. */
export interface CloseEoiArgs {
  id: number
  opposing_eoi: number
  confirm: boolean
  broker_id?: string | null
}

/** What a new quote sends (the create payload's fields a screen sets). */
export type NewQuote = Partial<EoiCreatePayload> &
  Pick<EoiCreatePayload, 'finstrument_id' | 'quote_type' | 'quantum' | 'fixed_field'>

/** Quote files chosen for upload, by key: a File is not kept in the store's actions. */
const quoteFiles = heldFiles('quotes')

/** Keep a chosen quote file until it is posted; answers the key to upload it by. */
export const chooseQuoteFile = (file: File): string => quoteFiles.hold(file)

/** An upload of a chosen quote file: a preview, or the post. */
export interface UploadQuotesArgs {
  key: string
  preview: boolean
}

const LISTS = [
  { type: 'Eoi' as const, id: 'LIST' },
  { type: 'Negotiation' as const, id: 'LIST' },
  { type: 'PublicRun' as const, id: 'LIST' },
]

/** What the RFQ quotes list provides: streamed changes reach it through `scheduleListRefetch`. */
const QUOTE_LIST = [{ type: 'Eoi' as const, id: 'LIST' }]

/** The RFQ endpoints. */
export const rfqApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rfqQuotes: build.query<RfqQuotePage, RfqQuotesArgs>({
      query: ({ search, myQuotes }) => ({
        url: 'api/eoi/rfq-quote/',
        query: {
          paginate: 'false',
          ...(search ? { search } : {}),
          ...(myQuotes ? { my_quotes: 'true' } : {}),
        },
      }),
      providesTags: QUOTE_LIST,
    }),
    postQuote: build.mutation<Eoi, NewQuote>({
      query: (body) => ({ url: 'api/trade/eoi/', method: 'POST', body, silent: true }),
      invalidatesTags: LISTS,
    }),
    negotiate: build.mutation<Negotiation, EoiNegotiationPayload>({
      query: (body) => ({ url: 'api/eoi/add-negotiation/', method: 'POST', body, silent: true }),
      invalidatesTags: LISTS,
    }),
    closeEoi: build.mutation<Negotiation, CloseEoiArgs>({
      query: ({ id, ...body }) => ({
        url: `api/trade/d/eoi/${id}/close/`,
        method: 'PUT',
        body,
        silent: true,
      }),
      invalidatesTags: LISTS,
    }),
    uploadQuotes: build.mutation<EoiUploadPreview | EoiUploadSaved, UploadQuotesArgs>({
      query: ({ key, preview }) => {
        const file = quoteFiles.take(key, !preview)
        const form = new FormData()
        if (file) form.append('file', file, file.name)
        return {
          url: 'api/eoi/upload/',
          method: 'POST',
          ...(preview ? { query: { preview: 'true' } } : {}),
          body: form,
          silent: true,
        }
      },
      invalidatesTags: (_result, _error, { preview }) => (preview ? [] : LISTS),
    }),
    withdrawQuote: build.mutation<Eoi, number>({
      query: (id) => ({ url: `api/eoi/expire/${id}/`, method: 'POST', silent: true }),
      invalidatesTags: LISTS,
    }),
  }),
})

/** The RFQ hooks. */
export const {
  useRfqQuotesQuery,
  usePostQuoteMutation,
  useNegotiateMutation,
  useCloseEoiMutation,
  useWithdrawQuoteMutation,
  useUploadQuotesMutation,
} = rfqApi

/** How often, at most, a stream of quotes refetches the RFQ quotes and public runs lists. */
export const LIST_REFETCH_MS = 250

/** The refetch scheduled for each store (keyed by its dispatch), so stores never share one. */
const listRefetches = new WeakMap<object, ReturnType<typeof setTimeout>>()

/**
 * Refetch the RFQ quotes and public runs lists within `LIST_REFETCH_MS`: however many quotes and
 * negotiations stream in (a burst of 1,000 a second), one refetch per quarter second, not one per
 * socket frame.
 */
export function scheduleListRefetch(
  dispatch: (action: ReturnType<typeof baseApi.util.invalidateTags>) => unknown,
) {
  if (listRefetches.has(dispatch)) return
  const timer = setTimeout(() => {
    listRefetches.delete(dispatch)
    dispatch(
      baseApi.util.invalidateTags([
        { type: 'Eoi', id: 'LIST' },
        { type: 'PublicRun', id: 'LIST' },
      ]),
    )
  }, LIST_REFETCH_MS)
  listRefetches.set(dispatch, timer)
}

/**
 * The state in which a quote leaves every list at once: expired or withdrawn. A closed one may
 * have been dealt, and a deal stays on its firms' lists: the refetch decides.
 */
const GONE = new Set(['EXPIRED'])

/**
 * `quotes_eoi`: a quote that expired or was withdrawn leaves every RFQ quotes list at once; the
 * bond's depth refetches, and the lists (RFQ quotes, public runs) within `LIST_REFETCH_MS`.
 */
export function patchQuotes(
  messages: StreamMessage<'quotes_eoi'>[],
  { dispatch, getState }: Parameters<Parameters<typeof onStreamMessages>[1]>[1],
) {
  const gone = new Set(
    messages
      .filter((message) => GONE.has(String(message.data.state)))
      .map((message) => Number(message.data.eoi_id)),
  )
  if (gone.size > 0) {
    for (const { endpointName, originalArgs } of rfqApi.util.selectInvalidatedBy(getState(), [
      { type: 'Eoi', id: 'LIST' },
    ])) {
      if (endpointName !== 'rfqQuotes') continue
      dispatch(
        rfqApi.util.updateQueryData('rfqQuotes', originalArgs as RfqQuotesArgs, (page) => {
          const before = page.results.length
          page.results = page.results.filter((quote) => !gone.has(quote.id))
          page.count -= before - page.results.length
        }),
      )
    }
  }
  scheduleListRefetch(dispatch)
  // The bond's depth at once, as without this patcher.
  return messages.flatMap((message) => {
    const bond = message.data.finstrument_id as string | undefined
    return [
      ...(bond === undefined ? [] : [{ type: 'Depth' as const, id: bond }]),
      { type: 'Depth' as const, id: 'LIST' },
    ]
  })
}

onStreamMessages('quotes_eoi', patchQuotes)

/** `rfq_negotiation`: a counter, deal, decline or expiry on one's quotes refetches the lists. */
onStreamMessages('rfq_negotiation', (_messages, { dispatch }) => {
  scheduleListRefetch(dispatch)
})
