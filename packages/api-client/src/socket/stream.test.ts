// The stream into the cache: a subscription opens the socket, messages patch or invalidate what
// they name once per frame, refresh messages reload their target, and a reconnect reloads all.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../client.ts'
import { baseApi } from '../store/base-api.ts'
import { createAppStore } from '../store/store.ts'
import { createFakeFetch, type FakeFetch } from '../testing/fake-fetch.ts'
import { createFakeSocketServer, type FakeSocketServer } from '../testing/fake-socket.ts'
import { createMemoryTokenStore } from '../tokens.ts'
import { applyStreamMessages, onStreamMessages, tradeStreamApi } from './stream.ts'
import { createTradeSocket, type TradeSocket } from './trade-socket.ts'

interface Level {
  eoi_id: number
  state: string
}

// Two endpoints a feature would inject: a bond's depth (refetched when invalidated) and a list of
// quotes (patched in place by the feature's patcher).
const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    depth: build.query<{ version: number }, string>({
      query: (isin) => ({ url: 'api/quote/depth/', query: { isin } }),
      providesTags: (_r, _e, isin) => [{ type: 'Depth', id: isin }],
    }),
    tickets: build.query<{ version: number }, void>({
      query: () => 'api/chatter/trade/',
      providesTags: [{ type: 'Ticket', id: 'LIST' }],
    }),
    quotes: build.query<Level[], void>({
      query: () => 'api/trade/eoi/',
      providesTags: [{ type: 'Eoi', id: 'LIST' }],
    }),
  }),
})

let fake: FakeFetch
let server: FakeSocketServer
let frames: (() => void)[]
let store: ReturnType<typeof createAppStore>
const paint = () => frames.splice(0).forEach((flush) => flush())

beforeEach(() => {
  fake = createFakeFetch()
  server = createFakeSocketServer()
  frames = []
  const tokens = createMemoryTokenStore({ access: 'a1', refresh: 'r1' })
  const api = createApiClient({
    baseUrl: '',
    fetch: fake.fetch,
    tokens,
    endpoints: { refresh: 'api/token/refresh/' },
    onLogout: () => {},
    notify: () => {},
  })
  store = createAppStore({
    api,
    listen: false,
    openTradeSocket: () =>
      createTradeSocket({
        url: 'ws://test/ws/trade/d/',
        tokens,
        open: server.open,
        schedule: (flush) => frames.push(flush),
        random: () => 0,
      }),
  })
})

afterEach(() => {
  vi.useRealTimers()
})

/** Subscribe to the stream and bring the socket online; resolves with the unsubscribe. */
async function online(): Promise<{ unsubscribe: () => void }> {
  const subscription = store.dispatch(tradeStreamApi.endpoints.tradeStream.initiate())
  await vi.waitFor(() => expect(server.peers).toHaveLength(1))
  server.last().accept()
  server.last().receive({ type: 'auth_ok', user_id: 'u1' })
  return { unsubscribe: () => subscription.unsubscribe() }
}

const status = () => tradeStreamApi.endpoints.tradeStream.select()(store.getState()).data?.status

describe('the trade stream', () => {
  it('opens the socket while subscribed and shows its status, and closes it after', async () => {
    const subscription = await online()
    expect(status()).toBe('online')
    server.last().fail()
    expect(status()).toBe('offline')
    await vi.waitFor(() => expect(server.peers).toHaveLength(2))
    server.last().accept()
    server.last().receive({ type: 'auth_ok', user_id: 'u1' })
    expect(status()).toBe('online')
    subscription.unsubscribe()
    // Kept a few seconds for a screen that comes back, then closed.
    expect(server.last().closed).toBe(false)
    await vi.waitFor(() => expect(server.last().closed).toBe(true), { timeout: 10_000 })
  })

  it('invalidates what an unpatched message names, once for a whole frame', async () => {
    fake.on('GET', 'api/quote/depth/', { body: { version: 1 } }, { body: { version: 2 } })
    const depth = store.dispatch(testApi.endpoints.depth.initiate('IN0020210244'))
    await depth
    const subscription = await online()
    for (let i = 0; i < 20; i++)
      server.last().receive({
        type: 'quotes_eoi',
        data: { eoi_id: i, finstrument_id: 'IN0020210244', state: 'DEFAULT' },
      })
    expect(fake.callsTo('GET', 'api/quote/depth/')).toHaveLength(1)
    paint()
    await vi.waitFor(() =>
      expect(testApi.endpoints.depth.select('IN0020210244')(store.getState()).data).toEqual({
        version: 2,
      }),
    )
    expect(fake.callsTo('GET', 'api/quote/depth/')).toHaveLength(2)
    depth.unsubscribe()
    subscription.unsubscribe()
  })

  it('lets a feature patch its cache in place, with nothing fetched again', async () => {
    fake.on('GET', 'api/trade/eoi/', {
      body: [
        { eoi_id: 1, state: 'DEFAULT' },
        { eoi_id: 2, state: 'DEFAULT' },
      ],
    })
    const quotes = store.dispatch(testApi.endpoints.quotes.initiate())
    await quotes
    const off = onStreamMessages(
      'quotes_eoi',
      (messages, { dispatch }) => {
        dispatch(
          testApi.util.updateQueryData('quotes', undefined, (draft) => {
            for (const { data } of messages) {
              const row = draft.find((level) => level.eoi_id === data.eoi_id)
              if (row) row.state = String(data.state)
            }
          }),
        )
      },
      ['Eoi'],
    )
    const subscription = await online()
    server.last().receive({ type: 'quotes_eoi', data: { eoi_id: 2, state: 'EXPIRED' } })
    paint()
    expect(testApi.endpoints.quotes.select()(store.getState()).data).toEqual([
      { eoi_id: 1, state: 'DEFAULT' },
      { eoi_id: 2, state: 'EXPIRED' },
    ])
    expect(fake.callsTo('GET', 'api/trade/eoi/')).toHaveLength(1)
    off()
    quotes.unsubscribe()
    subscription.unsubscribe()
  })

  it('reloads the target of a refresh message', async () => {
    fake.on('GET', 'api/chatter/trade/', { body: { version: 1 } }, { body: { version: 2 } })
    const tickets = store.dispatch(testApi.endpoints.tickets.initiate())
    await tickets
    const subscription = await online()
    server.last().receive({ type: 'refresh', target: 'tickets' })
    paint()
    await vi.waitFor(() => expect(fake.callsTo('GET', 'api/chatter/trade/')).toHaveLength(2))
    tickets.unsubscribe()
    subscription.unsubscribe()
  })

  it('reloads every stream-fed cache when the socket comes back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    fake.on('GET', 'api/quote/depth/', { body: { version: 1 } }, { body: { version: 2 } })
    const depth = store.dispatch(testApi.endpoints.depth.initiate('IN0020210244'))
    await vi.waitFor(() => expect(fake.callsTo('GET', 'api/quote/depth/')).toHaveLength(1))
    const subscription = await online()
    server.last().fail()
    await vi.advanceTimersByTimeAsync(500)
    server.last().accept()
    server.last().receive({ type: 'auth_ok', user_id: 'u1' })
    await vi.waitFor(() => expect(fake.callsTo('GET', 'api/quote/depth/')).toHaveLength(2))
    depth.unsubscribe()
    subscription.unsubscribe()
  })

  it('turns one frame of messages into one invalidation of the tags they name, each once', () => {
    const dispatch = vi.fn()
    applyStreamMessages(
      [
        ...Array.from({ length: 20 }, (_, i) => ({
          type: 'quotes_eoi' as const,
          data: { eoi_id: i % 2, finstrument_id: 'IN0020210244' },
        })),
        { type: 'open_orders', data: { order_id: 'o1' } },
        { type: 'refresh', target: 'private_runs' },
        { type: 'pong', at: 1 },
      ],
      { dispatch, getState: () => store.getState() },
    )
    expect(dispatch).toHaveBeenCalledTimes(1)
    expect(dispatch.mock.calls[0]?.[0]).toEqual(
      baseApi.util.invalidateTags([
        { type: 'PrivateRun', id: 'LIST' },
        { type: 'Eoi', id: 0 },
        { type: 'Eoi', id: 'LIST' },
        { type: 'Depth', id: 'IN0020210244' },
        { type: 'Depth', id: 'LIST' },
        { type: 'PublicRun', id: 'LIST' },
        { type: 'Eoi', id: 1 },
        { type: 'Order', id: 'o1' },
        { type: 'Order', id: 'LIST' },
      ]),
    )
  })

  it('reloads what the server’s market, inquiry and refresh messages name (decisions 390, 391)', () => {
    const dispatch = vi.fn()
    applyStreamMessages(
      [
        { type: 'quotes_stream', data: { finstrument_id: 'IN0020210244' } },
        {
          type: 'inquiries',
          data: { inquiry_id: 12, eoi_id: 11, finstrument_id: 'IN0020210244', cluster_id: 3 },
        },
        { type: 'inquiries', data: { venue_rfq_id: 5, exchange: 'NSE' } },
        { type: 'refresh', target: 'public_runs' },
      ],
      { dispatch, getState: () => store.getState() },
    )
    expect(dispatch).toHaveBeenCalledTimes(1)
    expect(dispatch.mock.calls[0]?.[0]).toEqual(
      baseApi.util.invalidateTags([
        // The market changed wholesale: its lists and every depth.
        { type: 'PublicRun', id: 'LIST' },
        { type: 'Eoi', id: 'LIST' },
        { type: 'Depth', id: 'LIST' },
        { type: 'Depth', id: 'IN0020210244' },
        // A response on the firm's quote 11: the inquiry and the quote.
        { type: 'Inquiry', id: 12 },
        { type: 'Inquiry', id: 'LIST' },
        { type: 'Eoi', id: 11 },
        // An exchange RFQ sent to the firm: its RFQs.
        { type: 'VenueRfq', id: 'LIST' },
      ]),
    )
  })

  it('still invalidates the tags of a patched message that its patchers do not claim', () => {
    const dispatch = vi.fn()
    const frame = [
      { type: 'quotes_eoi' as const, data: { eoi_id: 7, finstrument_id: 'IN0020210244' } },
    ]
    const context = { dispatch, getState: () => store.getState() }
    // A feature that only patches its own cache from quotes (the inventory) claims nothing: the
    // quote's list, depth and runs are invalidated as without it, and what it returns with them.
    const offBook = onStreamMessages('quotes_eoi', () => [{ type: 'Inventory', id: 'LIST' }])
    applyStreamMessages(frame, context)
    expect(dispatch).toHaveBeenLastCalledWith(
      baseApi.util.invalidateTags([
        { type: 'Eoi', id: 7 },
        { type: 'Eoi', id: 'LIST' },
        { type: 'Depth', id: 'IN0020210244' },
        { type: 'Depth', id: 'LIST' },
        { type: 'PublicRun', id: 'LIST' },
        { type: 'Inventory', id: 'LIST' },
      ]),
    )
    // A feature keeping the quotes and runs fresh itself claims them: only the depth is left.
    const offGrid = onStreamMessages('quotes_eoi', () => undefined, ['Eoi', 'PublicRun'])
    applyStreamMessages(frame, context)
    expect(dispatch).toHaveBeenLastCalledWith(
      baseApi.util.invalidateTags([
        { type: 'Depth', id: 'IN0020210244' },
        { type: 'Depth', id: 'LIST' },
        { type: 'Inventory', id: 'LIST' },
      ]),
    )
    offGrid()
    offBook()
    // Removed, the defaults are whole again.
    applyStreamMessages(frame, context)
    expect(dispatch.mock.lastCall?.[0]).toEqual(
      baseApi.util.invalidateTags([
        { type: 'Eoi', id: 7 },
        { type: 'Eoi', id: 'LIST' },
        { type: 'Depth', id: 'IN0020210244' },
        { type: 'Depth', id: 'LIST' },
        { type: 'PublicRun', id: 'LIST' },
      ]),
    )
  })

  it('invalidates nothing for a frame of control messages only', () => {
    const dispatch = vi.fn()
    applyStreamMessages([{ type: 'pong', at: 1 }], { dispatch, getState: () => store.getState() })
    expect(dispatch).not.toHaveBeenCalled()
  })
})

describe('an opener that loads the socket first', () => {
  function storeWith(openTradeSocket: () => Promise<TradeSocket>) {
    const api = createApiClient({
      baseUrl: '',
      fetch: fake.fetch,
      tokens: createMemoryTokenStore(),
      endpoints: { refresh: 'api/token/refresh/' },
      onLogout: () => {},
      notify: () => {},
    })
    return createAppStore({ api, listen: false, openTradeSocket })
  }

  it('opens the socket once its code is there', async () => {
    const tokens = createMemoryTokenStore({ access: 'a1', refresh: 'r1' })
    const lazy = storeWith(async () => {
      await new Promise((loaded) => setTimeout(loaded, 10))
      return createTradeSocket({ url: 'ws://test/ws/trade/d/', tokens, open: server.open })
    })
    const subscription = lazy.dispatch(tradeStreamApi.endpoints.tradeStream.initiate())
    await vi.waitFor(() => expect(server.peers).toHaveLength(1))
    server.last().accept()
    server.last().receive({ type: 'auth_ok', user_id: 'u1' })
    const state = () => tradeStreamApi.endpoints.tradeStream.select()(lazy.getState()).data
    await vi.waitFor(() => expect(state()?.status).toBe('online'))
    subscription.unsubscribe()
  })

  it('streams nothing when the code does not load, and says connecting', async () => {
    const lazy = storeWith(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    )
    const subscription = lazy.dispatch(tradeStreamApi.endpoints.tradeStream.initiate())
    await subscription
    await new Promise((settle) => setTimeout(settle, 20))
    expect(server.peers).toHaveLength(0)
    expect(tradeStreamApi.endpoints.tradeStream.select()(lazy.getState()).data).toEqual({
      status: 'connecting',
    })
    subscription.unsubscribe()
  })
})
