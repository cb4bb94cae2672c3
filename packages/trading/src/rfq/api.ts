// The RFQ quotes of the market (spec section 7: `GET api/eoi/rfq-quote/`, negotiation, close,
// withdraw, post). Live over the trade socket: `quotes_eoi` patches every cached RFQ quotes list in
// place (decision 310); `rfq_negotiation` fetches the lists again (decisions 261, 262).
import { baseApi, heldFiles, onStreamMessages, type StreamMessage } from '@bonds/api-client'
import { original } from '@reduxjs/toolkit'
import type {
  Eoi,
  EoiCreatePayload,
  EoiNegotiationPayload,
  EoiResponsePayload,
  EoiResponseResult,
  EoiUploadPreview,
  EoiUploadSaved,
  Negotiation,
  NetworkEntry,
  NetworkPage,
  RfqQuotePage,
} from '@bonds/domain'
import { patchRfqPage, quoteChange, type QuoteChange } from './rfq-patch.ts'

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

/** What a response sends (the response payload's fields a screen sets; the rest default). */
export type EoiResponseInput = Omit<EoiResponsePayload, 'source' | 'use_respond_eoi_price'> &
  Partial<Pick<EoiResponsePayload, 'use_respond_eoi_price'>>

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
    /** The caller's partners (a deal may name the broker firms among them; decision 383). */
    dealPartners: build.query<NetworkEntry[], void>({
      query: () => ({
        url: 'api/clients/',
        query: { is_partner: 'true', page_size: 100 },
        silent: true,
      }),
      transformResponse: (page: NetworkPage) => page.results,
      providesTags: [{ type: 'Partner', id: 'LIST' }],
    }),
    /** Respond to another firm's quote (`POST api/eoi/add/`): the opposite quote and a cluster. */
    respondToQuote: build.mutation<EoiResponseResult, EoiResponseInput>({
      query: (body) => ({ url: 'api/eoi/add/', method: 'POST', body, silent: true }),
      invalidatesTags: [...LISTS, { type: 'Cluster', id: 'LIST' }],
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
  useDealPartnersQuery,
  useWithdrawQuoteMutation,
  useUploadQuotesMutation,
  useRespondToQuoteMutation,
} = rfqApi

/** How often, at most, a stream of quotes refetches the RFQ quotes and public runs lists. */
export const LIST_REFETCH_MS = 250

/** The lists a stream may refetch: the RFQ quotes, the public runs. */
type ListTag = { type: 'Eoi' | 'PublicRun'; id: 'LIST' }

/** The refetches scheduled for each store (keyed by its dispatch), so stores never share one. */
const listRefetches = new WeakMap<
  object,
  { timer: ReturnType<typeof setTimeout>; tags: ListTag[] }
>()

/**
 * Refetch lists within `LIST_REFETCH_MS`: however many quotes and negotiations stream in (a burst
 * of 1,000 a second), one refetch per quarter second, not one per socket frame. Without `tags`:
 * the RFQ quotes and the public runs.
 */
export function scheduleListRefetch(
  dispatch: (action: ReturnType<typeof baseApi.util.invalidateTags>) => unknown,
  tags: readonly ListTag['type'][] = ['Eoi', 'PublicRun'],
) {
  const pending = listRefetches.get(dispatch)
  if (pending) {
    for (const type of tags) {
      if (!pending.tags.some((tag) => tag.type === type)) pending.tags.push({ type, id: 'LIST' })
    }
    return
  }
  const scheduled = {
    tags: tags.map((type): ListTag => ({ type, id: 'LIST' })),
    timer: setTimeout(() => {
      listRefetches.delete(dispatch)
      dispatch(baseApi.util.invalidateTags(scheduled.tags))
    }, LIST_REFETCH_MS),
  }
  listRefetches.set(dispatch, scheduled)
}

/**
 * `quotes_eoi`: the message carries the quote (decision 310), so every cached RFQ quotes list is
 * patched in place, one store update per list per frame (rows updated, new ones inserted, gone
 * ones removed: `patchRfqPage`); the list is fetched again only when a message cannot be applied
 * (no quote in it, a new quote on a bond the list cannot name, a closed quote the firm negotiated
 * on). The public runs (quotes summed per bond) patch their bonds' lines themselves (decision
 * 410); the bond's depth at once.
 */
export function patchQuotes(
  messages: StreamMessage<'quotes_eoi'>[],
  { dispatch, getState }: Parameters<Parameters<typeof onStreamMessages>[1]>[1],
) {
  const changes: QuoteChange[] = []
  let refetch = false
  for (const message of messages) {
    const change = quoteChange(message.data)
    if (change) changes.push(change)
    else refetch = true
  }
  if (changes.length > 0) {
    for (const { endpointName, originalArgs } of rfqApi.util.selectInvalidatedBy(getState(), [
      { type: 'Eoi', id: 'LIST' },
    ])) {
      if (endpointName !== 'rfqQuotes') continue
      const args = originalArgs as RfqQuotesArgs
      dispatch(
        rfqApi.util.updateQueryData('rfqQuotes', args, (draft) => {
          // The answer as stored, not its draft: reading 10,000 rows through proxies costs more
          // than the patch.
          const base = original(draft) ?? draft
          const patched = patchRfqPage(base, changes, args)
          if (patched.refetch) refetch = true
          return patched.page === base ? undefined : patched.page
        }),
      )
    }
  }
  // The public runs patch their own lines from these messages (`public-runs/api.ts`, decision 410).
  if (refetch) scheduleListRefetch(dispatch, ['Eoi'])
  // The bond's depth at once, as without this patcher.
  return messages.flatMap((message) => {
    const bond = message.data.finstrument_id as string | undefined
    return [
      ...(bond === undefined ? [] : [{ type: 'Depth' as const, id: bond }]),
      { type: 'Depth' as const, id: 'LIST' },
    ]
  })
}

// Keeps the RFQ quotes and the depth fresh itself (the depth through its return); the public runs
// claim their part of the message themselves (decision 410).
onStreamMessages('quotes_eoi', patchQuotes, ['Eoi', 'Depth'])

/**
 * `rfq_negotiation`: a counter, deal, decline or expiry on one's quotes: the message names the
 * thread, not its entries, so the lists are fetched again (within `LIST_REFETCH_MS`).
 */
onStreamMessages(
  'rfq_negotiation',
  (_messages, { dispatch }) => {
    scheduleListRefetch(dispatch)
  },
  ['Eoi', 'Negotiation'],
)
