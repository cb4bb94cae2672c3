import { createMemoryTokenStore, tradeStreamApi } from '@bonds/api-client'
import { createFakeFetch } from '@bonds/api-client/testing'
import type { LoggedInUser } from '@bonds/domain'
import { describe, expect, it, vi } from 'vitest'
import { createAppSession } from './app-session.ts'
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
