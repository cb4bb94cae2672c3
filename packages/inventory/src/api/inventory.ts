// The inventory endpoints (spec section 7, issue 25) in the one base API. The book is one cached
// list (`Inventory` tag); every write invalidates it, and a moving quote (the trade socket's
// `quotes_eoi` and `quotes_stream`) invalidates it too, so the server revalues and the grid's
// changed cells flash. Writes are silent: the screens show a refusal's message in place.
import { baseApi, heldFiles, onStreamMessages, type StreamPatcher } from '@bonds/api-client'
import {
  INVENTORY_MAX_PAGE_SIZE,
  type ChatUserPage,
  type ConfirmPreviousResult,
  type EditValuationCostPayload,
  type ExternalTradeRecord,
  type InventoryOfferResult,
  type InventoryPage,
  type InventoryPosition,
  type InventoryType,
  type InventoryUploadPreview,
  type InventoryUploadSaved,
  type MaturityBucket,
  type ParticipantList,
} from '@bonds/domain'

/** The book's filters. */
export interface InventoryArgs {
  type?: InventoryType
  issuer?: string
  maturity_bucket?: MaturityBucket
  book?: string
}

/** Most pages of the book the page loads (10,000 positions). */
const MAX_BOOK_PAGES = 20

/** Files waiting to be sent (a File is not kept in the store: it cannot be serialised). */
const uploads = heldFiles('file')

/** Hold a chosen file for an upload; answers the key to upload it by. */
export const holdFile = (file: File): string => uploads.hold(file)

/** An external trade as the form sends it. */
export interface ExternalTradeArgs {
  finstrument_id: string
  book: string
  buy_or_sell: 'buy' | 'sell'
  quantum: number
  unit_clean_price?: number
  bond_yield?: number
  trade_date: string
  settlement_date: string
  counterparty_id?: string
  counterparty_name?: string
  exchange: 'NSE' | 'BSE'
}

const BOOK = [{ type: 'Inventory' as const, id: 'LIST' }]

/** The inventory endpoints. */
export const inventoryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The whole book: its first page, then the rest (the grid is virtualised, not paged). */
    inventory: build.query<InventoryPage, InventoryArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const pageOf = (page: number) =>
          baseQuery({
            url: 'api/inventory/',
            query: { ...args, page: String(page), page_size: String(INVENTORY_MAX_PAGE_SIZE) },
            silent: true,
          })
        const first = await pageOf(1)
        if (first.error) return { error: first.error }
        const book = first.data as InventoryPage
        const pages = Math.min(Math.ceil(book.count / INVENTORY_MAX_PAGE_SIZE), MAX_BOOK_PAGES)
        if (pages <= 1) return { data: book }
        const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => pageOf(i + 2)))
        const failed = rest.find((r) => r.error)
        if (failed?.error) return { error: failed.error }
        return {
          data: {
            ...book,
            results: [...book.results, ...rest.flatMap((r) => (r.data as InventoryPage).results)],
          },
        }
      },
      providesTags: BOOK,
    }),
    uploadInventory: build.mutation<
      InventoryUploadPreview | InventoryUploadSaved,
      {
        key: string
        name: string
        preview: boolean
        /** A preview of these data rows only (1-based, inclusive). */
        rows?: { from: number; to: number }
      }
    >({
      query: ({ key, name, preview, rows }) => {
        const file = uploads.take(key, !preview)
        const form = new FormData()
        if (file) form.append('file', file, name)
        return {
          url: 'api/inventory/upload/',
          method: 'POST',
          ...(preview
            ? {
                query: {
                  preview: 'true',
                  ...(rows ? { from_row: String(rows.from), to_row: String(rows.to) } : {}),
                },
              }
            : {}),
          body: form,
          silent: true,
        }
      },
      invalidatesTags: (_result, _error, { preview }) => (preview ? [] : BOOK),
    }),
    externalTrade: build.mutation<ExternalTradeRecord, ExternalTradeArgs>({
      query: (body) => ({
        url: 'api/inventory/external-trade/',
        method: 'POST',
        body,
        silent: true,
      }),
      invalidatesTags: BOOK,
    }),
    confirmPrevious: build.mutation<ConfirmPreviousResult, { preview: boolean }>({
      query: ({ preview }) => ({
        url: 'api/inventory/confirm-previous/',
        method: 'PUT',
        ...(preview ? { query: { preview: 'true' } } : {}),
        body: {},
        silent: true,
      }),
      invalidatesTags: (_result, _error, { preview }) => (preview ? [] : BOOK),
    }),
    editValuationCost: build.mutation<InventoryPosition, EditValuationCostPayload>({
      query: (body) => ({
        url: 'api/inventory/edit-valuation-cost/',
        method: 'PUT',
        body,
        silent: true,
      }),
      invalidatesTags: BOOK,
    }),
    offerInventory: build.mutation<
      InventoryOfferResult,
      {
        offers: { finstrument_id: string; book: string; quantum: number }[]
        /** A private run to these users instead of the market. */
        counterparty_user_ids?: string[]
      }
    >({
      query: (body) => ({ url: 'api/inventory/offer/', method: 'POST', body, silent: true }),
      invalidatesTags: [...BOOK, { type: 'Eoi', id: 'LIST' }],
    }),
    /** People to send a private run to (the chat's people search; the server keeps traders only). */
    runCounterparties: build.query<ChatUserPage, { search: string }>({
      query: ({ search }) => ({
        url: 'api/chatter/user/search',
        query: { search_param: search, page: 1, page_size: 20 },
        silent: true,
      }),
    }),
    clearingParticipants: build.query<ParticipantList, { clearing: 'NSE' | 'BSE'; search: string }>(
      {
        query: ({ clearing, search }) => ({
          url: `api/inventory/search-${clearing === 'NSE' ? 'nsscl' : 'iccl'}-participants/`,
          query: { search_param: search },
          silent: true,
        }),
      },
    ),
  }),
})

/** The bonds of every book the page holds (each answer read once). */
const bondsOfAnswer = new WeakMap<InventoryPage, ReadonlySet<string>>()
function heldBonds(state: unknown): Set<string> {
  const held = new Set<string>()
  for (const args of inventoryApi.util.selectCachedArgsForQuery(state as never, 'inventory')) {
    const data = inventoryApi.endpoints.inventory.select(args)(state as never).data
    if (!data) continue
    let bonds = bondsOfAnswer.get(data)
    if (!bonds) {
      bonds = new Set(data.results.map((p) => p.finstrument_id))
      bondsOfAnswer.set(data, bonds)
    }
    for (const id of bonds) held.add(id)
  }
  return held
}

/**
 * A quote moved on a bond the book holds: the book is valued again (the server knows which yield
 * each bond takes, and values only the positions of bonds whose level moved, decision 274). One
 * socket frame's quotes are one revaluation; quotes on bonds not held revalue nothing.
 */
export function revalueOnQuotes(): () => void {
  const patch =
    <T extends 'quotes_eoi' | 'quotes_stream'>(): StreamPatcher<T> =>
    (messages, { getState }) => {
      const held = heldBonds(getState())
      const moved = messages.some((m) => held.has(String(m.data.finstrument_id ?? '')))
      return moved ? BOOK : []
    }
  const stops = [
    onStreamMessages('quotes_eoi', patch<'quotes_eoi'>()),
    onStreamMessages('quotes_stream', patch<'quotes_stream'>()),
  ]
  return () => stops.forEach((stop) => stop())
}

export const {
  useInventoryQuery,
  useUploadInventoryMutation,
  useExternalTradeMutation,
  useConfirmPreviousMutation,
  useEditValuationCostMutation,
  useOfferInventoryMutation,
  useClearingParticipantsQuery,
  useRunCounterpartiesQuery,
} = inventoryApi
