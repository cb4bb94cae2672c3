// The network and the trade desk on the real app and database: the demo network as a user finds
// it, partners and offline records added and removed, facilitators, agents, a client's users and
// a member's standing; who may do what, and what bad input gets.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema.ts'
import { startNetworkApp, type NetworkTestApp } from './testing.ts'

let t: NetworkTestApp

beforeAll(async () => {
  t = await startNetworkApp()
})

afterAll(async () => t.close())

const SAHYADRI = 'Sahyadri Demo Co-operative Bank'
const entryNames = (body: { results: { name: string }[] }) => body.results.map((e) => e.name)
const networkRefreshes = (clientId: string) =>
  t.events.filter(
    (e) =>
      e.message.type === 'refresh' &&
      e.message.target === 'network' &&
      e.audience.kind === 'clients' &&
      e.audience.clientIds.includes(clientId),
  ).length

describe('GET api/clients/: the demo network', () => {
  it('holds Demo Securities as a partner, with its dealer, and one offline record', async () => {
    const response = await t.call('dealer', 'GET', '/api/clients/')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ count: 2, page: 1, page_size: 20 })
    expect(body.results[0]).toEqual({
      id: t.securities,
      kind: 'partner',
      is_partner: true,
      offline_record: false,
      client_id: t.securities,
      name: 'Demo Securities',
      brand_name: 'Demo Securities',
      // Its NSE Clearing code, stored with its credentials (demo mode; decision 223).
      nsccl_code: 'DEMOSEC02',
      iccl_code: null,
      is_broker: true,
      contact_name: null,
      email: null,
      mobile: null,
      members: [{ user_id: expect.any(String), user_name: 'Bharat Broker' }],
      created_at: expect.any(String),
    })
    expect(body.results[1]).toMatchObject({
      kind: 'offline',
      is_partner: false,
      offline_record: true,
      client_id: null,
      name: SAHYADRI,
      contact_name: 'Treasury desk',
      email: 'treasury@sahyadri-bank.example',
      mobile: '9820000401',
      members: [],
    })
    const broker = (await t.call('broker', 'GET', '/api/clients/')).json()
    expect(entryNames(broker)).toEqual(['Demo Capital'])
  })

  it('filters by kind, by name and pages', async () => {
    const list = async (query: string) =>
      entryNames((await t.call('viewer', 'GET', `/api/clients/?${query}`)).json())
    expect(await list('is_partner=true')).toEqual(['Demo Securities'])
    expect(await list('offline_record=true')).toEqual([SAHYADRI])
    expect(await list('is_partner=false')).toEqual([SAHYADRI])
    expect(await list('is_partner=true&offline_record=true')).toEqual(['Demo Securities', SAHYADRI])
    expect(await list('is_partner=false&offline_record=false')).toEqual([])
    expect(await list('search=sahy')).toEqual([SAHYADRI])
    expect(await list('search=treasury%40')).toEqual([SAHYADRI])
    const second = (await t.call('viewer', 'GET', '/api/clients/?page=2&page_size=1')).json()
    expect(second).toMatchObject({ count: 2, page: 2, page_size: 1 })
    expect(entryNames(second)).toEqual([SAHYADRI])
  })

  it('is for holders of client.view_client; bad queries get 400', async () => {
    expect((await t.call('opsadmin', 'GET', '/api/clients/')).statusCode).toBe(200)
    for (const who of ['compliance', 'researcher', 'user', 'investor'] as const) {
      expect((await t.call(who, 'GET', '/api/clients/')).statusCode, who).toBe(403)
    }
    const bad = await t.call('dealer', 'GET', '/api/clients/?is_partner=1&page_size=1000&sort=name')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toMatchObject({
      is_partner: 'Should be true or false',
      page_size: 'Page size is between 1 and 100',
    })
    expect(bad.json().fields.querystring).toBe('Unknown field: sort')
  })
})

describe('offline records', () => {
  it('are created, changed and deleted by the desk, and colleagues’ panels reload', async () => {
    const before = networkRefreshes(t.capital)
    const created = await t.call('backoffice', 'POST', '/api/clients/offline-records/', {
      name: 'Deccan Provident Fund',
      nsccl_code: 'dp01',
      mobile: '+919820000402',
    })
    expect(created.statusCode).toBe(201)
    const record = created.json()
    expect(record).toMatchObject({ kind: 'offline', nsccl_code: 'DP01', mobile: '9820000402' })
    const duplicate = await t.call('dealer', 'POST', '/api/clients/offline-records/', {
      name: 'deccan provident fund',
    })
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json().fields).toEqual({
      name: 'An offline record with this name already exists',
    })
    const changed = await t.call('dealer', 'PATCH', `/api/clients/offline-records/${record.id}/`, {
      contact_name: 'Ms Kulkarni',
      nsccl_code: null,
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ contact_name: 'Ms Kulkarni', nsccl_code: null })
    const rename = await t.call('dealer', 'PATCH', `/api/clients/offline-records/${record.id}/`, {
      name: SAHYADRI.toUpperCase(),
    })
    expect(rename.statusCode).toBe(409)
    const url = `/api/clients/offline-records/${record.id}/`
    expect((await t.call('opsadmin', 'DELETE', url)).statusCode).toBe(204)
    expect((await t.call('dealer', 'DELETE', url)).statusCode).toBe(404)
    expect(networkRefreshes(t.capital) - before).toBe(3)
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'offline_record_deleted'))
    expect(audit).toHaveLength(1)
  })

  it('belong to their client: another firm’s record is not found', async () => {
    const [record] = (await t.call('dealer', 'GET', '/api/clients/?offline_record=true')).json()
      .results
    const url = `/api/clients/offline-records/${record.id}/`
    expect((await t.call('broker', 'PATCH', url, { name: 'Mine' })).statusCode).toBe(404)
    expect((await t.call('broker', 'DELETE', url)).statusCode).toBe(404)
    expect((await t.call('broker', 'DELETE', '/api/clients/offline-records/%00/')).statusCode).toBe(
      400,
    )
  })

  it('refuse bad input and the read-only roles', async () => {
    const bad = await t.call('dealer', 'POST', '/api/clients/offline-records/', {
      name: ' ',
      email: 'nope',
      pan: 'AAACD1234A',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address.',
      non_field_errors: 'Unknown field: pan',
    })
    const nothing = await t.call(
      'dealer',
      'PATCH',
      `/api/clients/offline-records/${crypto.randomUUID()}/`,
      {},
    )
    expect(nothing.json().message).toBe('Nothing to change')
    const viewer = await t.call('viewer', 'POST', '/api/clients/offline-records/', { name: 'X' })
    expect(viewer.statusCode).toBe(403)
  })
})

describe('partners', () => {
  it('are removed and added again, once', async () => {
    const url = `/api/clients/partners/${t.securities}/`
    expect((await t.call('dealer', 'DELETE', url)).statusCode).toBe(204)
    expect((await t.call('dealer', 'DELETE', url)).statusCode).toBe(404)
    expect(
      entryNames((await t.call('dealer', 'GET', '/api/clients/?is_partner=true')).json()),
    ).toEqual([])
    const search = await t.call('dealer', 'GET', '/api/chatter/search-trade-participants')
    expect(search.json().results.every((r: { is_partner: boolean }) => !r.is_partner)).toBe(true)
    const added = await t.call('opsadmin', 'POST', '/api/clients/partners/', {
      client_id: t.securities,
    })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({
      id: t.securities,
      kind: 'partner',
      members: [{ user_name: 'Bharat Broker' }],
    })
    const again = await t.call('dealer', 'POST', '/api/clients/partners/', {
      client_id: t.securities,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().fields).toEqual({ client_id: 'This firm is already in your network' })
  })

  it('are firms of the directory, never one’s own', async () => {
    const own = await t.call('dealer', 'POST', '/api/clients/partners/', { client_id: t.capital })
    expect(own.statusCode).toBe(400)
    expect(own.json().message).toBe('Your own firm is not a counterparty')
    for (const id of [t.investorClient, crypto.randomUUID()]) {
      const response = await t.call('dealer', 'POST', '/api/clients/partners/', { client_id: id })
      expect(response.statusCode, id).toBe(404)
    }
    // A NUL never reaches the database: refused as input (decision 190).
    const nul = await t.call('dealer', 'POST', '/api/clients/partners/', { client_id: 'x\u0000' })
    expect(nul.statusCode).toBe(400)
    expect(nul.json().fields).toEqual({ client_id: 'Should not contain control characters' })
  })
})

describe('the trade desk', () => {
  it('lists facilitators to a dealer who can trade, none to one who cannot', async () => {
    const dealer = (await t.call('dealer', 'GET', '/api/trade/facilitator/')).json()
    expect(dealer.results.map((r: { name: string }) => r.name)).toEqual(['Demo Securities'])
    expect(dealer.results[0]).toMatchObject({ group: 'Company', is_broker: true, is_partner: true })
    expect((await t.call('viewer', 'GET', '/api/trade/facilitator/')).json()).toEqual({
      results: [],
    })
    expect((await t.call('broker', 'GET', '/api/trade/facilitator/')).json()).toEqual({
      results: [],
    })
    expect(
      (await t.call('dealer', 'GET', '/api/trade/facilitator/?search=capital')).json(),
    ).toEqual({ results: [] })
  })

  it('lists the client’s dealers who can act as agents', async () => {
    const body = (await t.call('viewer', 'GET', '/api/trade/agent/')).json()
    expect(body.results).toEqual([
      {
        user_id: expect.any(String),
        client_id: t.capital,
        user_name: 'Dev Dealer',
        first_name: 'Dev',
        last_name: 'Dealer',
        email: 'dealer@demo.test',
        roles: ['clientdealer'],
        is_active: true,
        can_trade: true,
        is_self: false,
      },
    ])
  })

  it('shows the own desk in full and another firm’s dealers only', async () => {
    const own = (await t.call('opsadmin', 'GET', `/api/trade/client/users/${t.capital}/`)).json()
    expect(own).toMatchObject({ client_id: t.capital, name: 'Demo Capital', is_own: true })
    expect(own.results).toHaveLength(7)
    expect(own.results.find((u: { is_self: boolean }) => u.is_self)).toMatchObject({
      email: 'opsadmin@demo.test',
      roles: ['clientopsadmin'],
      can_trade: false,
    })
    const other = (await t.call('dealer', 'GET', `/api/trade/client/users/${t.securities}/`)).json()
    expect(other).toMatchObject({ name: 'Demo Securities', is_own: false })
    expect(other.results).toEqual([
      expect.objectContaining({
        user_name: 'Bharat Broker',
        email: null,
        roles: null,
        can_trade: null,
      }),
    ])
    for (const id of [t.investorClient, 'nonsense']) {
      expect((await t.call('dealer', 'GET', `/api/trade/client/users/${id}/`)).statusCode).toBe(404)
    }
  })

  it('lets a dealer step away and back, and an Ops Admin set anyone', async () => {
    const dealer = (await t.call('dealer', 'GET', '/api/trade/agent/')).json().results[0]
    const url = `/api/trade/members/${dealer.user_id}/`
    const away = await t.call('dealer', 'PATCH', url, { is_active: false })
    expect(away.statusCode).toBe(200)
    expect(away.json()).toMatchObject({ is_active: false, is_self: true })
    // Hidden from counterparties and from the agents; the firm has no one left to deal with.
    const search = (
      await t.call('broker', 'GET', '/api/chatter/search-trade-participants?search_param=capital')
    ).json()
    expect(search.results).toEqual([])
    expect((await t.call('dealer', 'GET', '/api/trade/agent/')).json()).toEqual({ results: [] })
    const admin = (await t.call('opsadmin', 'GET', `/api/trade/client/users/${t.capital}/`)).json()
    const opsAdminId = admin.results.find((u: { is_self: boolean }) => u.is_self).user_id
    const other = await t.call('dealer', 'PATCH', `/api/trade/members/${opsAdminId}/`, {
      is_active: false,
    })
    expect(other.statusCode).toBe(403)
    const back = await t.call('opsadmin', 'PATCH', url, { is_active: true })
    expect(back.json()).toMatchObject({ is_active: true, is_self: false, can_trade: true })
    const broker = (await t.call('broker', 'GET', '/api/clients/')).json()
    expect(broker.results[0].members).toEqual([
      { user_id: dealer.user_id, user_name: 'Dev Dealer' },
    ])
  })

  it('refuses other firms’ members, bad bodies and the roles that do not manage a desk', async () => {
    const broker = (
      await t.call('broker', 'GET', `/api/trade/client/users/${t.securities}/`)
    ).json()
    const url = `/api/trade/members/${broker.results[0].user_id}/`
    expect((await t.call('opsadmin', 'PATCH', url, { is_active: false })).statusCode).toBe(404)
    const bad = await t.call('broker', 'PATCH', url, { active: false })
    expect(bad.statusCode).toBe(400)
    expect((await t.call('viewer', 'PATCH', url, { is_active: false })).statusCode).toBe(403)
    expect((await t.call('compliance', 'PATCH', url, { is_active: false })).statusCode).toBe(403)
  })
})
