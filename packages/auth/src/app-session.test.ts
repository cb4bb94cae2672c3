import { createMemoryTokenStore, tradeStreamApi } from '@bonds/api-client'
import { createFakeFetch } from '@bonds/api-client/testing'
import type { LoggedInUser } from '@bonds/domain'
import { describe, expect, it, vi } from 'vitest'
import { ACCESS_REQUESTED_TEXT, createAppSession, upgradeFormType } from './app-session.ts'
import { shellAccountOf } from './react.tsx'

const basicDealer = {
  user_info: {
    id: 'u9',
    unique_id: 'u9',
    first_name: 'Bina',
    last_name: 'Broker',
    email: 'broker@demo.test',
    mobile: '9800000109',
    roles: ['clientdealer'],
    single_screen_waitlist_joined: false,
    has_accepted_chat_terms: false,
    user_security_preferences: {},
    suprsend_subscriber_id: null,
  },
  name: 'Demo Securities',
  user_accounts: [],
  permissions: [],
  client_type: 'CORP',
  client_tier: 'BASIC',
  allowed_exchanges: [],
  allowed_reporting_exchanges: [],
  rfq_exchanges: ['NSE'],
  stp_exchanges: [],
  is_broker: true,
  has_brokers: false,
  trades_on_books: false,
  nsccl_credentials: false,
  iccl_credentials: false,
  nsccl_name: null,
  iccl_name: null,
} satisfies LoggedInUser

function signedIn() {
  const fake = createFakeFetch()
  fake.on('GET', 'api/session/', { body: basicDealer })
  const notify = vi.fn()
  const app = createAppSession({
    notify,
    tokens: createMemoryTokenStore({ access: 'a', refresh: 'r' }),
    fetch: fake.fetch,
  })
  return { fake, notify, ...app }
}

describe('the 402 upgrade request', () => {
  it('uses the inventory form on the inventory route and the access form elsewhere', () => {
    expect(upgradeFormType('/inventory')).toBe('INVENTORY_ACCESS')
    expect(upgradeFormType('/inventory?tab=1')).toBe('INVENTORY_ACCESS')
    expect(upgradeFormType('/dart')).toBe('REQUEST_ACCESS')
    expect(upgradeFormType('/inventoryx')).toBe('REQUEST_ACCESS')
  })

  it('posts an access ticket (type 4) with the user as contact, then says it is noted', async () => {
    const { fake, notify, requestUpgrade } = signedIn()
    const filed = {
      id: 7,
      ticket_type_id: 4,
      provider_type_id: 4,
      created_at: '2026-11-26T07:05:00.000Z',
      already_requested: false,
    }
    fake.on('POST', 'ext/tickets/', { body: filed })
    await expect(requestUpgrade('/inventory')).resolves.toEqual({
      requestedAt: '2026-11-26T07:05:00.000Z',
      alreadyRequested: false,
    })
    const [call] = fake.callsTo('POST', 'ext/tickets/')
    expect(call?.body).toEqual({
      ticket_type_id: 4,
      contacts: [{ email: 'broker@demo.test', name: 'Bina Broker' }],
      ticket_attributes: {
        form_type: 'INVENTORY_ACCESS',
        page: '/inventory',
        client: 'Demo Securities',
        client_tier: 'BASIC',
      },
    })
    expect(notify).toHaveBeenCalledWith({ severity: 'success', detail: ACCESS_REQUESTED_TEXT })
  })

  it('answers a second request with the open one, without a second success toast', async () => {
    const { fake, notify, requestUpgrade } = signedIn()
    fake.on('POST', 'ext/tickets/', {
      body: {
        id: 7,
        ticket_type_id: 4,
        provider_type_id: 4,
        created_at: '2026-11-20T04:30:00.000Z',
        already_requested: true,
      },
    })
    await expect(requestUpgrade('/inventory')).resolves.toEqual({
      requestedAt: '2026-11-20T04:30:00.000Z',
      alreadyRequested: true,
    })
    expect(notify).not.toHaveBeenCalled()
  })

  it('shows only the error toast when the ticket cannot be created', async () => {
    const { fake, notify, requestUpgrade } = signedIn()
    fake.on('POST', 'ext/tickets/', { status: 400, body: { message: 'Bad', fields: {} } })
    await expect(requestUpgrade('/dart')).resolves.toBeUndefined()
    expect(notify).toHaveBeenCalledTimes(1)
    expect(notify.mock.calls[0]?.[0]).toMatchObject({ severity: 'error' })
  })
})

describe('shellAccountOf', () => {
  it('maps the session to what the header shows', () => {
    expect(shellAccountOf({ status: 'loading', user: null })).toEqual({ status: 'loading' })
    expect(shellAccountOf({ status: 'unauthenticated', user: null })).toEqual({
      status: 'signed-out',
    })
    expect(shellAccountOf({ status: 'authenticated', user: basicDealer })).toEqual({
      status: 'signed-in',
      account: {
        name: 'Bina Broker',
        email: 'broker@demo.test',
        roles: ['clientdealer'],
        permissions: basicDealer.permissions,
        rfqExchanges: basicDealer.rfq_exchanges,
        tier: 'BASIC',
      },
    })
  })
})

describe('the app session’s trade socket', () => {
  it('is opened on the page’s origin when a screen first streams, its code loaded then', async () => {
    const opened: string[] = []
    class FakeWebSocket {
      readyState = 0
      onopen = null
      onmessage = null
      onclose = null
      onerror = null
      constructor(url: string) {
        opened.push(url)
      }
      send() {}
      close() {}
    }
    vi.stubGlobal('WebSocket', FakeWebSocket)
    try {
      const { store } = createAppSession({
        notify: vi.fn(),
        tokens: createMemoryTokenStore({ access: 'a1', refresh: 'r1' }),
        fetch: createFakeFetch().fetch,
      })
      expect(opened).toEqual([])
      const stream = store.dispatch(tradeStreamApi.endpoints.tradeStream.initiate())
      await vi.waitFor(() => expect(opened).toEqual([`ws://${window.location.host}/ws/trade/d/`]))
      stream.unsubscribe()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
