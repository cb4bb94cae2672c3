// The trade socket's messages, into the cache. A screen that shows live data subscribes to the
// `tradeStream` endpoint (its cache entry holds the connection's status); while anything does, the
// socket is open, and every frame's messages are applied at once: features patch their caches
// (`onStreamMessages`, with `updateQueryData`, claiming the tag types they keep fresh), and the
// tags a message names that no patcher claims are invalidated, so the screens showing them fetch
// them again. `refresh` messages invalidate
// their target; after a reconnect every stream-fed tag is invalidated, so nothing sent while the
// socket was offline is missed.
import type { SOCKET_STREAM_TYPES, SocketServerMessage } from '@bonds/domain'
import type { TagDescription } from '@reduxjs/toolkit/query'
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'
import { baseApi, type TagType } from '../store/base-api.ts'
import type { StoreExtra } from '../store/base-query.ts'
import type { RootState } from '../store/store.ts'
import type { TradeSocket, TradeSocketStatus } from './trade-socket.ts'

/** A streamed message type of spec section 4. */
export type StreamType = (typeof SOCKET_STREAM_TYPES)[number]

/** A streamed message of one type. */
export type StreamMessage<T extends StreamType = StreamType> = Extract<
  SocketServerMessage,
  { type: StreamType }
> & { type: T }

/** What a stream patcher gets besides the messages. */
export interface StreamContext {
  dispatch: ThunkDispatch<RootState, StoreExtra, UnknownAction>
  getState: () => RootState
}

/**
 * Applies one frame's messages of a type to a feature's caches (`updateQueryData`); returns the
 * tags still to invalidate (messages it could not apply in place), if any.
 */
export type StreamPatcher<T extends StreamType = StreamType> = (
  messages: StreamMessage<T>[],
  context: StreamContext,
) => TagDescription<TagType>[] | void

type Tag = TagDescription<TagType>

const idOf = (data: Record<string, unknown>, key: string): string | number | undefined => {
  const value = data[key]
  return typeof value === 'string' || typeof value === 'number' ? value : undefined
}

const tagWithId = (type: TagType, id: string | number | undefined): Tag[] =>
  id === undefined
    ? [{ type, id: 'LIST' }]
    : [
        { type, id },
        { type, id: 'LIST' },
      ]

/**
 * What each streamed type names in the cache (decision 070: payloads carry the ids), invalidated
 * when no feature patches that type in place.
 */
export const STREAM_TAGS: Readonly<Record<StreamType, (data: Record<string, unknown>) => Tag[]>> = {
  quotes_eoi: (data) => [
    ...tagWithId('Eoi', idOf(data, 'eoi_id')),
    ...tagWithId('Depth', idOf(data, 'finstrument_id')),
    { type: 'PublicRun', id: 'LIST' },
  ],
  quotes_cluster: (data) => tagWithId('Cluster', idOf(data, 'cluster_id')),
  quotes_stream: (data) => tagWithId('Depth', idOf(data, 'finstrument_id')),
  // A response on one of the firm's quotes (`eoi_id`: the quote) or an exchange RFQ sent to the
  // firm (`venue_rfq_id`): decision 391.
  inquiries: (data) => [
    ...tagWithId('Inquiry', idOf(data, 'inquiry_id')),
    ...(idOf(data, 'eoi_id') === undefined ? [] : tagWithId('Eoi', idOf(data, 'eoi_id'))),
    ...(idOf(data, 'venue_rfq_id') === undefined
      ? []
      : [{ type: 'VenueRfq' as const, id: 'LIST' }]),
  ],
  open_orders: (data) => tagWithId('Order', idOf(data, 'order_id')),
  private_run: () => [{ type: 'PrivateRun', id: 'LIST' }],
  consideration_update: (data) => tagWithId('Ticket', idOf(data, 'ticket_id')),
  rfq_negotiation: (data) => [
    ...tagWithId('Negotiation', idOf(data, 'eoi_id')),
    ...tagWithId('Eoi', idOf(data, 'eoi_id')),
  ],
  open_tickets: (data) => tagWithId('Ticket', idOf(data, 'ticket_id')),
}

/** What a `refresh` message's target names. */
export const REFRESH_TAGS: Readonly<Record<string, Tag[]>> = {
  private_runs: [{ type: 'PrivateRun', id: 'LIST' }],
  // The market's quotes changed wholesale (decision 390): its lists and depths.
  public_runs: [
    { type: 'PublicRun', id: 'LIST' },
    { type: 'Eoi', id: 'LIST' },
    { type: 'Depth', id: 'LIST' },
  ],
  // Tickets changed wholesale (a sweep, decision 401): every ticket and order, lists and details.
  tickets: ['Ticket', 'Order'],
  network: [
    { type: 'Partner', id: 'LIST' },
    { type: 'Participant', id: 'LIST' },
  ],
}

/** Every tag the stream feeds: invalidated after a reconnect. */
export const STREAM_FED_TAGS: readonly TagType[] = [
  'Eoi',
  'Cluster',
  'Depth',
  'Inquiry',
  'Order',
  'PrivateRun',
  'PublicRun',
  'Negotiation',
  'Ticket',
  'Partner',
  // Exchange RFQs: refetched on `rfq_negotiation` and `inquiries` naming one (decision 391).
  'VenueRfq',
  // The inventory patches its book from quotes (decision 316): read whole after a reconnect.
  'Inventory',
]

/** A registered patcher and the tag types of its message type's default invalidation it takes over. */
interface Registration {
  patch: StreamPatcher
  claims: ReadonlySet<TagType>
}

const patchers = new Map<StreamType, Set<Registration>>()

/**
 * Patch a feature's caches with one type's messages (call at module load); returns the removal.
 * `claims` names the tag types of the type's default invalidation (`STREAM_TAGS`) the patcher
 * keeps fresh itself (patched in place, or invalidated through its return or its own schedule);
 * the default invalidation still runs for every other tag type, so a feature that patches its own
 * cache from a message (the inventory from quotes) never leaves another feature's cache of the
 * same message stale.
 */
export function onStreamMessages<T extends StreamType>(
  type: T,
  patcher: StreamPatcher<T>,
  claims: readonly TagType[] = [],
): () => void {
  let set = patchers.get(type)
  if (!set) {
    set = new Set()
    patchers.set(type, set)
  }
  const registration: Registration = { patch: patcher as StreamPatcher, claims: new Set(claims) }
  set.add(registration)
  return () => set.delete(registration)
}

const tagType = (tag: Tag): TagType => (typeof tag === 'string' ? tag : tag.type)

/** Apply one frame's messages: patches first, then one invalidation of what is left. */
export function applyStreamMessages(
  messages: readonly SocketServerMessage[],
  context: StreamContext,
): void {
  const byType = new Map<StreamType, StreamMessage[]>()
  const invalidate: Tag[] = []
  for (const message of messages) {
    if (message.type === 'refresh') invalidate.push(...(REFRESH_TAGS[message.target] ?? []))
    else if (message.type === 'pong' || message.type === 'auth_ok') continue
    else {
      const list = byType.get(message.type) ?? []
      list.push(message as StreamMessage)
      byType.set(message.type, list)
    }
  }
  for (const [type, list] of byType) {
    const registered = [...(patchers.get(type) ?? [])]
    const claimed = new Set(registered.flatMap((registration) => [...registration.claims]))
    for (const message of list) {
      for (const tag of STREAM_TAGS[type](message.data)) {
        if (!claimed.has(tagType(tag))) invalidate.push(tag)
      }
    }
    for (const { patch } of registered) {
      const left = patch(list as never, context)
      if (left) invalidate.push(...left)
    }
  }
  if (invalidate.length === 0) return
  const seen = new Set<string>()
  const unique = invalidate.filter((tag) => {
    const key = typeof tag === 'string' ? tag : `${tag.type}:${String(tag.id)}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  context.dispatch(baseApi.util.invalidateTags(unique))
}

/** The stream's cache entry: how the socket is. */
export interface TradeStreamState {
  status: TradeSocketStatus
}

/** The trade stream: subscribe (`useTradeStreamQuery()`) to keep the socket open and read its status. */
export const tradeStreamApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    tradeStream: build.query<TradeStreamState, void>({
      queryFn: () => ({ data: { status: 'connecting' } }),
      // A screen that goes and comes back within a few seconds keeps the same socket.
      keepUnusedDataFor: 5,
      async onCacheEntryAdded(
        _arg,
        { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch, getState, extra },
      ) {
        const open = (extra as StoreExtra).openTradeSocket
        if (!open) return
        try {
          await cacheDataLoaded
        } catch {
          return
        }
        let socket: TradeSocket
        try {
          socket = await open()
        } catch {
          // The socket's code did not load (a new build replaced it): no stream on this page.
          return
        }
        const context: StreamContext = { dispatch, getState: getState as () => RootState }
        const unsubscribe = [
          socket.onStatus((status) => {
            updateCachedData((draft) => {
              draft.status = status
            })
          }),
          socket.onMessages((messages) => applyStreamMessages(messages, context)),
          socket.onReconnect(() => dispatch(baseApi.util.invalidateTags([...STREAM_FED_TAGS]))),
        ]
        socket.start()
        updateCachedData((draft) => {
          draft.status = socket.status()
        })
        await cacheEntryRemoved
        for (const off of unsubscribe) off()
        socket.stop()
      },
    }),
  }),
})

/** Keep the trade socket open while mounted, and read its status. */
export const { useTradeStreamQuery } = tradeStreamApi
