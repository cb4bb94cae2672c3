// The authorization matrix: every registered API route × every role (and anonymous) gets exactly
// the expected class of answer. A new route without a row here fails the suite.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { clients, eois, finstruments, networkPartners, users } from '../db/schema.ts'
import { testDatabase } from '../db/testing.ts'
import { signIn } from '../modules/auth/testing.ts'

/** Who may call a route. */
type Expected =
  | 'public'
  | 'user'
  | 'opsadmin'
  | 'security-data'
  | 'trading'
  | 'quoting'
  | 'network'
  | 'network-write'
  | 'members'
  | 'chat'
  | 'chat-read'
  | 'back-office'
  | 'order-desk'
  | 'compliance'
  /** The product's staff (`is_staff`) alone: no role of the matrix is. */
  | 'staff'
  /** Market Researcher alone (mind, spec section 6). */
  | 'researcher'
  /** The inventory (issue 25): premium first (402), then inventory.has_inventory_access. */
  | 'inventory'
  /** The inventory's writes: as above, a Dealer or Back Office. */
  | 'inventory-write'
  /** Offers from the inventory: as above, a Dealer with trade access. */
  | 'inventory-offer'

/** Every API route and who may call it (GET implies its HEAD). */
const EXPECTED: Record<string, Expected> = {
  'GET /api/health/': 'public',
  'GET /api/health/ready/': 'public',
  'GET /api/trade/finstrument/': 'public',
  'POST /api/client-finstrument-list/': 'public',
  'POST /api/categories/': 'public',
  'GET /api/v2/finstrument/info/:id': 'public',
  'GET /api/finstrument/:id/': 'public',
  'POST /api/bonds-by-same-issuer/:id/': 'public',
  'POST /api/quote/:id/': 'public',
  'POST /api/cashflow/:id/': 'public',
  'POST /api/v1/finstrument/master/quote/:id': 'public',
  'POST /api/quote/market/:id/': 'public',
  'GET /api/quote/depth/': 'user',
  'POST /api/trade/eoi/': 'quoting',
  'POST /api/eoi/add/': 'quoting',
  'POST /api/eoi/expire/:id/': 'quoting',
  'POST /api/eoi/upload/': 'quoting',
  'GET /api/trade/eoi/': 'trading',
  'POST /api/eoi/parse/': 'trading',
  'GET /api/trade/cluster/': 'trading',
  'GET /api/trade/cluster/:id/': 'trading',
  'PUT /api/trade/cluster/:id/': 'quoting',
  'GET /api/cluster/:id/': 'trading',
  'POST /api/eoi/add-negotiation/': 'quoting',
  'PUT /api/eoi/update/:id/': 'quoting',
  'PUT /api/trade/d/eoi/:id/close/': 'quoting',
  'PUT /api/trade/d/eoi/close/': 'quoting',
  'GET /api/eoi/rfq-quote/': 'trading',
  'GET /api/trade/d/market/': 'trading',
  'POST /api/cluster/:id/accept/': 'quoting',
  'GET /api/eoi/private-run/': 'user',
  'POST /api/eoi/private-run/:id/confirm/': 'quoting',
  'POST /api/eoi/private-run/:id/correct/': 'quoting',
  'POST /api/eoi/private-run/:id/dismiss/': 'quoting',
  'POST /api/eoi/private-run/:id/send-to-rfq/': 'quoting',
  'GET /api/venue/rfq/': 'trading',
  'GET /api/venue/rfq/:id/': 'trading',
  'POST /api/venue/rfq/': 'quoting',
  'POST /api/venue/rfq/:id/quote/': 'quoting',
  'POST /api/venue/rfq/:id/negotiate/': 'quoting',
  'POST /api/venue/rfq/:id/accept/': 'quoting',
  'POST /api/venue/rfq/:id/cancel/': 'quoting',
  'POST /api/bond-details/:id/download/': 'public',
  'POST /api/quote/:id/download/': 'public',
  'POST /api/im/download/': 'public',
  'POST /api/im/upload/:id/': 'opsadmin',
  'POST /api/trades/:id/': 'security-data',
  'GET /api/credit-rationale/:id/': 'security-data',
  'POST /api/token/': 'public',
  'POST /api/request-otp/': 'public',
  'POST /api/token/otp/': 'public',
  'POST /api/validate-otp/': 'public',
  'POST /api/token/refresh/': 'public',
  'POST /api/token/revoke/': 'public',
  'POST /api/reset-password/': 'public',
  'POST /api/change-password/:userId/': 'public',
  'GET /api/session/': 'user',
  'POST /api/client/user/invite/': 'opsadmin',
  'POST /api/client/user/invite/revoke/': 'opsadmin',
  'POST /api/client/user/invite/validate/': 'public',
  'POST /api/client/register/': 'public',
  'POST /api/client/register-user/lite': 'public',
  'GET /api/useraccounts/': 'opsadmin',
  'PUT /api/client/user/': 'opsadmin',
  'POST /api/client/credentials/': 'opsadmin',
  'PATCH /api/client/chat-terms/': 'user',
  'POST /api/chatter/user/security-preference': 'user',
  'GET /api/client/': 'user',
  'PUT /api/client/': 'opsadmin',
  'POST /ext/tickets/': 'public',
  'POST /ext/public/upload/': 'public',
  'GET /ext/public/files/:name': 'public',
  'POST /ext/public/client-errors/': 'public',
  'POST /ext/chat/sendbird/webhook/': 'public',
  'GET /ext/chat/whatsapp/webhook/': 'public',
  'POST /ext/chat/whatsapp/webhook/': 'public',
  'PUT /api/chat/channels/:url/whatsapp/': 'chat',
  'DELETE /api/chat/channels/:url/whatsapp/': 'chat',
  'GET /api/support/tickets/': 'opsadmin',
  'GET /api/support/tickets/all/': 'staff',
  'GET /api/dev/outbox/': 'public',
  'GET /api/chatter/search-trade-participants': 'trading',
  'GET /api/chatter/search-brokers/:id': 'trading',
  'GET /api/chatter/users-clients-unified/': 'trading',
  'GET /api/clients/': 'network',
  'POST /api/clients/partners/': 'network-write',
  'DELETE /api/clients/partners/:id/': 'network-write',
  'POST /api/clients/offline-records/': 'network-write',
  'PATCH /api/clients/offline-records/:id/': 'network-write',
  'DELETE /api/clients/offline-records/:id/': 'network-write',
  'GET /api/trade/facilitator/': 'trading',
  'GET /api/trade/agent/': 'trading',
  'PATCH /api/trade/members/:id/': 'members',
  'GET /api/trade/client/users/:id/': 'network',
  'GET /api/trade/timings': 'user',
  'POST /api/issue-sb-session-token': 'chat-read',
  'DELETE /api/remove-sb-session': 'user',
  'GET /api/chatter/user/search': 'chat',
  'POST /api/chatter/invite-users': 'chat',
  'POST /api/download-chats': 'chat-read',
  'GET /api/chat/users/me/': 'chat-read',
  'GET /api/chat/files/:id/': 'chat-read',
  'GET /api/chat/channels/': 'chat-read',
  'POST /api/chat/channels/': 'chat',
  'GET /api/chat/channels/:url/': 'chat-read',
  'PATCH /api/chat/channels/:url/': 'chat',
  'POST /api/chat/channels/:url/invite/': 'chat',
  'POST /api/chat/channels/:url/accept/': 'chat',
  'POST /api/chat/channels/:url/decline/': 'chat',
  'POST /api/chat/channels/:url/leave/': 'chat',
  'POST /api/chat/channels/:url/ban/': 'chat',
  'POST /api/chat/channels/:url/unban/': 'chat',
  'POST /api/chat/channels/:url/operators/': 'chat',
  'DELETE /api/chat/channels/:url/operators/:userId/': 'chat',
  'GET /api/chat/channels/:url/messages/': 'chat-read',
  'POST /api/chat/channels/:url/messages/': 'chat',
  'POST /api/chat/channels/:url/files/': 'chat',
  'POST /api/chat/channels/:url/read/': 'chat',
  'POST /api/chat/channels/:url/delivered/': 'chat',
  // mind (issue 23): Market Researcher alone, the public shared chat aside.
  'POST /api/mind/ask/': 'researcher',
  'POST /api/mind/ask/stream/': 'researcher',
  'GET /api/mind/ask/stream/:id/': 'public',
  'GET /api/mind/chats/': 'researcher',
  'GET /api/mind/chats/:id/': 'researcher',
  'PATCH /api/mind/chats/:id/': 'researcher',
  'DELETE /api/mind/chats/:id/': 'researcher',
  'POST /api/mind/chats/:id/share/': 'researcher',
  'DELETE /api/mind/chats/:id/share/': 'researcher',
  'GET /api/mind/public/:id/': 'public',
  'GET /api/mind/preview/': 'public',
  // Tickets and orders (decision 221): Dealers deal, Back Office reports, both act on orders.
  'POST /api/chatter/trade/': 'quoting',
  'POST /api/chatter/trade/manual-ticket/': 'quoting',
  'GET /api/chatter/trade/': 'trading',
  'GET /api/chatter/trade/:id/': 'trading',
  'PATCH /api/chatter/trade/:id/': 'quoting',
  'PATCH /api/chatter/trade/actions/:id/:action/': 'order-desk',
  'PATCH /api/chatter/trade/send-to-broker/:id/': 'quoting',
  'PATCH /api/chatter/trade/accept-consideration/:id/': 'quoting',
  'PATCH /api/chatter/trade/:id/price/': 'quoting',
  'GET /api/chatter/trade/confirmed-trade/:id/': 'trading',
  'GET /api/chatter/trade/confirmed-trade/:id/pdf/': 'trading',
  'PATCH /api/trade/:id/brokerage/': 'quoting',
  'GET /api/client/search-custodians/': 'trading',
  'PATCH /api/orders/settle-cancel/:id/:action/': 'order-desk',
  'GET /api/orders/unified/': 'trading',
  'GET /api/orders/:id/': 'trading',
  'PUT /api/orders/:id/accept-reject/': 'quoting',
  'POST /api/orders/:id/cancel/': 'order-desk',
  'PATCH /api/orders/:id/': 'quoting',
  'POST /api/orders/': 'back-office',
  'GET /api/procurement-orders/unified/': 'trading',
  'GET /api/procurement-orders/:id/': 'trading',
  'PUT /api/procurement-orders/:id/accept-reject/': 'quoting',
  'POST /api/procurement-orders/:id/cancel/': 'order-desk',
  'PATCH /api/procurement-orders/:id/': 'quoting',
  'POST /api/procurement-orders/': 'back-office',
  'GET /api/surveillance/trades/': 'compliance',
  'GET /api/surveillance/trades/:id/': 'compliance',
  'GET /api/surveillance/trades/:id/pdf/': 'compliance',
  // Inventory (issue 25): a premium firm's trading roles; a basic client gets 402.
  'POST /api/inventory/upload/': 'inventory-write',
  'GET /api/inventory/': 'inventory',
  'POST /api/inventory/external-trade/': 'inventory-write',
  'PUT /api/inventory/confirm-previous/': 'inventory-write',
  'PUT /api/inventory/edit-valuation-cost/': 'inventory-write',
  'POST /api/inventory/offer/': 'inventory-offer',
  'GET /api/inventory/search-nsscl-participants/': 'inventory',
  'GET /api/inventory/search-iccl-participants/': 'inventory',
}

const ROLES = {
  dealer: 'dealer@demo.test',
  viewer: 'viewer@demo.test',
  backoffice: 'backoffice@demo.test',
  compliance: 'compliance@demo.test',
  opsadmin: 'opsadmin@demo.test',
  researcher: 'researcher@demo.test',
  basic: 'user@demo.test',
  broker: 'broker@demo.test',
  investor: 'investor@demo.test',
} as const
type Caller = keyof typeof ROLES | 'anonymous'

let app: FastifyInstance
let database: Database
const tokens = new Map<Caller, string>()

beforeAll(async () => {
  database = await testDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'matrix-secret',
      AUTH_RATE_LIMIT: '10000',
    }),
    { web: false, database, universe: false },
  )
  await app.ready()
  for (const [caller, email] of Object.entries(ROLES)) {
    tokens.set(caller as Caller, (await signIn(app, email)).access)
    // Chat needs its terms accepted first (a precondition, not a role): every caller accepts.
    await app.inject({
      method: 'PATCH',
      url: '/api/client/chat-terms/',
      payload: { has_accepted_chat_terms: true },
      headers: { authorization: `Bearer ${tokens.get(caller as Caller)}` },
    })
  }
})

afterAll(async () => {
  await app.close()
  await database.close()
})

/** Callers in a trading role (Dealer, Trade Viewer, Back Office), and the Dealers with trade access. */
const TRADING_CALLERS: readonly Caller[] = ['dealer', 'viewer', 'backoffice', 'broker']
const QUOTING_CALLERS: readonly Caller[] = ['dealer', 'broker']
/** Holders of client.view_client (the trading roles and Ops Admin); those who may change the network. */
const NETWORK_CALLERS: readonly Caller[] = [...TRADING_CALLERS, 'opsadmin']
const NETWORK_WRITE_CALLERS: readonly Caller[] = ['dealer', 'backoffice', 'broker', 'opsadmin']
/** Who acts on orders (the service then checks which action): Dealers and Back Office. */
const ORDER_DESK_CALLERS: readonly Caller[] = ['dealer', 'backoffice', 'broker']
/** Market Researchers (role dataviewer): the researcher, and the investor who registered lite. */
const RESEARCHER_CALLERS: readonly Caller[] = ['researcher', 'investor']
/** Who may set a desk member's standing: Dealers (themselves) and Ops Admins. */
const MEMBERS_CALLERS: readonly Caller[] = ['dealer', 'broker', 'opsadmin']

/** Callers whose firm is on the basic tier: the premium features answer them 402. */
const BASIC_TIER_CALLERS: readonly Caller[] = ['broker', 'investor']
/** Who holds the roles an inventory route names (checked before the tier, as the route guard does). */
const INVENTORY_ROLE_HOLDERS: Record<'inventory-write' | 'inventory-offer', readonly Caller[]> = {
  'inventory-write': ['dealer', 'backoffice', 'broker'],
  'inventory-offer': ['dealer', 'broker'],
}
/** Who may read, change and offer from the inventory (of a premium firm). */
const INVENTORY_CALLERS: Record<
  'inventory' | 'inventory-write' | 'inventory-offer',
  readonly Caller[]
> = {
  inventory: ['dealer', 'viewer', 'backoffice'],
  'inventory-write': ['dealer', 'backoffice'],
  'inventory-offer': ['dealer'],
}

/** The statuses an allowed call may not get; a refused one gets exactly 401, 402 or 403. */
function expectedStatus(expected: Expected, caller: Caller): 'allowed' | 401 | 402 | 403 {
  if (expected === 'public') return 'allowed'
  if (caller === 'anonymous') return 401
  if (
    expected === 'inventory' ||
    expected === 'inventory-write' ||
    expected === 'inventory-offer'
  ) {
    if (expected !== 'inventory' && !INVENTORY_ROLE_HOLDERS[expected].includes(caller)) return 403
    if (BASIC_TIER_CALLERS.includes(caller)) return 402
    return INVENTORY_CALLERS[expected].includes(caller) ? 'allowed' : 403
  }
  if (expected === 'user' || expected === 'security-data') return 'allowed'
  if (expected === 'trading') return TRADING_CALLERS.includes(caller) ? 'allowed' : 403
  if (expected === 'quoting') return QUOTING_CALLERS.includes(caller) ? 'allowed' : 403
  if (expected === 'network') return NETWORK_CALLERS.includes(caller) ? 'allowed' : 403
  if (expected === 'network-write') return NETWORK_WRITE_CALLERS.includes(caller) ? 'allowed' : 403
  if (expected === 'members') return MEMBERS_CALLERS.includes(caller) ? 'allowed' : 403
  if (expected === 'back-office') return caller === 'backoffice' ? 'allowed' : 403
  if (expected === 'order-desk') return ORDER_DESK_CALLERS.includes(caller) ? 'allowed' : 403
  if (expected === 'chat') return TRADING_CALLERS.includes(caller) ? 'allowed' : 403
  if (expected === 'compliance') return caller === 'compliance' ? 'allowed' : 403
  if (expected === 'staff') return 403
  if (expected === 'researcher') return RESEARCHER_CALLERS.includes(caller) ? 'allowed' : 403
  if (expected === 'chat-read') {
    return [...TRADING_CALLERS, 'compliance'].includes(caller) ? 'allowed' : 403
  }
  return caller === 'opsadmin' ? 'allowed' : 403
}

const apiRoutes = () =>
  app.registeredRoutes.filter(
    (r) =>
      r.method !== 'HEAD' &&
      (r.url.startsWith('/api') || r.url.startsWith('/ext')) &&
      !r.url.startsWith('/api/docs'),
  )

describe('authorization matrix', () => {
  it('has a row for every registered route, and a route for every row', () => {
    const registered = apiRoutes().map((r) => `${r.method} ${r.url}`)
    expect([...registered].sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  it('answers every route × caller as expected', async () => {
    const callers: Caller[] = ['anonymous', ...(Object.keys(ROLES) as Caller[])]
    // Sign-out last: it ends the caller's session.
    const routes = apiRoutes().sort((a) => (a.url === '/api/token/revoke/' ? 1 : -1))
    const failures: string[] = []
    for (const route of routes) {
      const expected = EXPECTED[`${route.method} ${route.url}`] as Expected
      for (const caller of callers) {
        const token = tokens.get(caller)
        const response = await app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:[A-Za-z]+/g, 'IN0020210244'),
          ...(route.method === 'GET' ? {} : { payload: {} }),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        })
        const want = expectedStatus(expected, caller)
        const status = response.statusCode
        const ok =
          want === 'allowed' ? ![401, 402, 403].includes(status) && status < 500 : status === want
        if (!ok) failures.push(`${route.method} ${route.url} as ${caller}: ${status}, want ${want}`)
      }
    }
    expect(failures).toEqual([])
  })
})

describe('the outbox reader (demo mode)', () => {
  it('answers callers on this machine only, whatever they forward', async () => {
    const read = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'GET',
        url: '/api/dev/outbox/?recipient=dealer@demo.test',
        remoteAddress,
        headers,
      })
    expect((await read('127.0.0.1')).statusCode).toBe(200)
    expect((await read('::1')).statusCode).toBe(200)
    const remote = await read('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })
    expect(remote.statusCode).toBe(403)
    expect(remote.json()).toMatchObject({
      message: 'The outbox answers requests from this machine only.',
    })
    expect(remote.body).not.toContain('dealer@demo.test')
  })
})

describe.each([
  ['no DEMO_MODE', {}],
  ['production mode', { NODE_ENV: 'production', DEMO_MODE: 'true' }],
])('%s', (_, env) => {
  it('has no outbox reader, no demo accounts, market or network', async () => {
    const bare = await testDatabase()
    const plain = await buildApp(readConfig({ LOG_LEVEL: 'silent', TOKEN_SECRET: 'p', ...env }), {
      web: false,
      database: bare,
    })
    const outbox = await plain.inject({
      method: 'GET',
      url: '/api/dev/outbox/?recipient=dealer@demo.test',
    })
    const signInAttempt = await plain.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'dealer@demo.test', password: 'Demo@12345' },
    })
    const seeded = await Promise.all(
      [users, clients, eois, networkPartners, finstruments].map((table) => bare.db.$count(table)),
    )
    expect(plain.registeredRoutes.some((r) => r.url === '/api/dev/outbox/')).toBe(false)
    await plain.close()
    await bare.close()
    expect(outbox.statusCode).toBe(404)
    expect(signInAttempt.statusCode).toBe(401)
    expect(seeded).toEqual([0, 0, 0, 0, 0])
  })
})

describe('/api/docs', () => {
  it.each([
    ['on by default', {}, 200],
    ['off when API_DOCS=false', { API_DOCS: 'false' }, 404],
    ['off in production', { NODE_ENV: 'production' }, 404],
    ['on in production with API_DOCS=true', { NODE_ENV: 'production', API_DOCS: 'true' }, 200],
  ])('is %s', async (_, env, status) => {
    const bare = await testDatabase()
    const app = await buildApp(readConfig({ LOG_LEVEL: 'silent', TOKEN_SECRET: 'p', ...env }), {
      web: false,
      database: bare,
    })
    const document = await app.inject({ method: 'GET', url: '/api/docs/json' })
    const page = await app.inject({ method: 'GET', url: '/api/docs' })
    await app.close()
    await bare.close()
    expect(document.statusCode).toBe(status)
    expect(page.statusCode === 404).toBe(status === 404)
  })
})
