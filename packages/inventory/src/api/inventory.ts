// The inventory endpoints (spec section 7, issue 25) in the one base API. The book is one cached
// list (`Inventory` tag); every write invalidates it (read again whole), and so does a reconnect
// of the trade socket. A moving quote (`quotes_eoi`, `quotes_stream`) on a bond held does not: the
// page asks for that bond's positions only and patches them into the cached book (decision 316),
// so the grid's changed cells flash. Writes are silent: the screens show a refusal's message in place.
import { baseApi, heldFiles, onStreamMessages, type StreamPatcher } from '@bonds/api-client'
import {
  INVENTORY_MAX_BONDS_PER_READ,
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
import { patchBook } from '../model/patch.ts'

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
    /**
     * The positions of some bonds only (the book's filters still apply), for patching the book
     * after quotes moved them. Not kept: each answer is patched in, then dropped.
     */
    inventoryBonds: build.query<InventoryPage, InventoryArgs & { finstrument_id: string }>({
      query: (args) => ({
        url: 'api/inventory/',
        query: { ...args, page: '1', page_size: String(INVENTORY_MAX_PAGE_SIZE) },
        silent: true,
      }),
      keepUnusedDataFor: 0,
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
function bondsOf(data: InventoryPage): ReadonlySet<string> {
  let bonds = bondsOfAnswer.get(data)
  if (!bonds) {
    bonds = new Set(data.results.map((p) => p.finstrument_id))
    bondsOfAnswer.set(data, bonds)
  }
  return bonds
}
function heldBonds(state: unknown): ReadonlySet<string> {
  const books = inventoryApi.util
    .selectCachedArgsForQuery(state as never, 'inventory')
    .map((args) => inventoryApi.endpoints.inventory.select(args)(state as never).data)
    .filter((data) => data !== undefined)
  // Usually the page holds one book: its set, not a copy of it (a frame comes 20 times a second).
  if (books.length === 1) return bondsOf(books[0]!)
  const held = new Set<string>()
  for (const data of books) for (const id of bondsOf(data)) held.add(id)
  return held
}

/** The store's dispatch and state, as the stream gives them to a patcher. */
type StreamContext = Parameters<StreamPatcher>[1]
type Dispatch = StreamContext['dispatch']
type GetState = StreamContext['getState']

/**
 * Read the positions of the bonds that moved and patch each cached book with them; answers
 * whether to ask for them again (a book was read again while they were read: its read may have
 * begun before they moved).
 */
async function patchBooks(
  bonds: readonly string[],
  dispatch: Dispatch,
  getState: GetState,
): Promise<boolean> {
  const named = new Set(bonds)
  let again = false
  for (const args of inventoryApi.util.selectCachedArgsForQuery(getState() as never, 'inventory')) {
    // A read of the whole book under way answers for these bonds too: wait for it first.
    const running = dispatch(inventoryApi.util.getRunningQueryThunk('inventory', args))
    if (running) await running
    const entry = inventoryApi.endpoints.inventory.select(args)(getState() as never)
    if (!entry.data) continue
    const read = await dispatch(
      inventoryApi.endpoints.inventoryBonds.initiate(
        { ...args, finstrument_id: bonds.join(',') },
        { subscribe: false, forceRefetch: true },
      ),
    )
    const now = inventoryApi.endpoints.inventory.select(args)(getState() as never)
    if (!now.data) continue
    if (now.fulfilledTimeStamp !== entry.fulfilledTimeStamp) {
      again = true
      continue
    }
    const patched = read.data ? patchBook(now.data, read.data, named) : null
    if (patched === null) {
      dispatch(inventoryApi.util.invalidateTags(BOOK))
      return false
    }
    // One update of the cached book per answer, whatever the number of quotes it answers.
    if (patched === now.data) continue
    // The same positions: the same bonds (not collected again on the next frame).
    bondsOfAnswer.set(patched, bondsOf(now.data))
    dispatch(inventoryApi.util.updateQueryData('inventory', args, () => patched))
  }
  return again
}

/** Whether every cached book holds all its positions (one it holds part of is read again). */
function booksWhole(state: unknown): boolean {
  return inventoryApi.util.selectCachedArgsForQuery(state as never, 'inventory').every((args) => {
    const data = inventoryApi.endpoints.inventory.select(args)(state as never).data
    return !data || data.results.length === data.count
  })
}

/**
 * A quote moved on a bond the book holds: the positions of those bonds are asked for again and
 * patched into the cached book (the server knows which yield each bond takes and values only the
 * bonds whose level moved, decision 274). One read is in flight at a time; the bonds that move
 * meanwhile wait for the next one (one read for many quotes). Quotes on bonds not held read nothing.
 */
export function revalueOnQuotes(): () => void {
  const waiting = new Set<string>()
  let reading = false
  let stopped = false
  const drain = async (dispatch: Dispatch, getState: GetState) => {
    reading = true
    try {
      while (waiting.size > 0 && !stopped) {
        const bonds = [...waiting].slice(0, INVENTORY_MAX_BONDS_PER_READ)
        for (const id of bonds) waiting.delete(id)
        if (await patchBooks(bonds, dispatch, getState)) for (const id of bonds) waiting.add(id)
      }
    } catch {
      // A patch that could not be made: the book is read again whole.
      dispatch(inventoryApi.util.invalidateTags(BOOK))
    } finally {
      reading = false
    }
  }
  const patch =
    <T extends 'quotes_eoi' | 'quotes_stream'>(): StreamPatcher<T> =>
    (messages, { getState, dispatch }) => {
      const state = getState()
      const held = heldBonds(state)
      const moved = messages
        .map((m) => String(m.data.finstrument_id ?? ''))
        .filter((id) => held.has(id))
      if (moved.length === 0) return []
      if (!booksWhole(state)) return BOOK
      for (const id of moved) waiting.add(id)
      if (!reading) void drain(dispatch, getState)
      return []
    }
  const stops = [
    onStreamMessages('quotes_eoi', patch<'quotes_eoi'>()),
    onStreamMessages('quotes_stream', patch<'quotes_stream'>()),
  ]
  return () => {
    stopped = true
    stops.forEach((stop) => stop())
  }
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
