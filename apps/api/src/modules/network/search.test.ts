// The participant searches on the real app and database: who a trader finds (other firms' dealers
// and the firms), how the spec's filters narrow it, and what bad input gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNetworkApp, type NetworkTestApp } from './testing.ts'

let t: NetworkTestApp

beforeAll(async () => {
  t = await startNetworkApp()
})

afterAll(async () => t.close())

const names = (body: { results: { group: string; user_name: string | null; name: string }[] }) =>
  body.results.map((r) => `${r.group}: ${r.user_name ?? r.name}`)

describe('GET api/chatter/search-trade-participants', () => {
  it('finds the other firms’ dealers (Member) and the firms (Company), partners flagged', async () => {
    const response = await t.call(
      'dealer',
      'GET',
      '/api/chatter/search-trade-participants?search_param=demo',
    )
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(names(body)).toEqual([
      'Member: Bharat Broker',
      'Member: Farah Funds',
      'Company: Demo Securities',
      'Company: Demo Funds',
    ])
    expect(body.results[0]).toEqual({
      group: 'Member',
      user_id: expect.any(String),
      client_id: t.securities,
      // Its NSE Clearing code, stored with its credentials (demo mode; decision 223).
      nsccl_code: 'DEMOSEC02',
      iccl_code: null,
      user_name: 'Bharat Broker',
      brand_name: 'Demo Securities',
      name: 'Demo Securities',
      is_broker: true,
      is_partner: true,
    })
    expect(body.results[2]).toMatchObject({ group: 'Company', user_id: null, user_name: null })
    // Demo Funds is not in Demo Capital's network.
    expect(body.results[1]).toMatchObject({ name: 'Demo Funds', is_partner: false })
  })

  it('lists only dealers as Members: the broker finds Demo Capital’s dealer, not its viewer', async () => {
    const body = (await t.call('broker', 'GET', '/api/chatter/search-trade-participants')).json()
    expect(names(body)).toEqual([
      'Member: Dev Dealer',
      'Member: Farah Funds',
      'Company: Demo Capital',
      'Company: Demo Funds',
    ])
  })

  it('narrows to an exchange and to the RFQ platforms', async () => {
    // Demo Funds trades on NSE RFQ only (decision 359), Demo Securities on both; both clear
    // through NSCCL and ICCL.
    const both = [
      'Member: Bharat Broker',
      'Member: Farah Funds',
      'Company: Demo Securities',
      'Company: Demo Funds',
    ]
    const securities = ['Member: Bharat Broker', 'Company: Demo Securities']
    for (const [query, expected] of [
      ['exchange=NSE&for_rfq=true', both],
      ['exchange=BSE&for_rfq=true', securities],
      ['exchange=iccl', both],
      ['for_rfq=true', both],
      ['exchange=BSE&for_rfq=false', both],
    ] as const) {
      const body = (
        await t.call('dealer', 'GET', `/api/chatter/search-trade-participants?${query}`)
      ).json()
      expect(names(body), query).toEqual(expected)
    }
    const none = await t.call(
      'dealer',
      'GET',
      '/api/chatter/search-trade-participants?search_param=nobody',
    )
    expect(none.json()).toEqual({ results: [] })
  })

  it('matches a person’s full name and a firm’s name, not e-mail addresses', async () => {
    const byName = await t.call(
      'broker',
      'GET',
      '/api/chatter/search-trade-participants?search_param=dev%20dea',
    )
    expect(names(byName.json())).toEqual(['Member: Dev Dealer'])
    const byEmail = await t.call(
      'broker',
      'GET',
      '/api/chatter/search-trade-participants?search_param=dealer%40demo',
    )
    expect(byEmail.json()).toEqual({ results: [] })
  })

  it('answers bad input with a 400 naming the field', async () => {
    const short = await t.call(
      'dealer',
      'GET',
      '/api/chatter/search-trade-participants?search_param=de',
    )
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({
      message: 'Type at least 3 characters to search',
      fields: { search_param: 'Type at least 3 characters to search' },
    })
    const misspelt = await t.call(
      'dealer',
      'GET',
      '/api/chatter/search-trade-participants?serch_param=demo',
    )
    expect(misspelt.statusCode).toBe(400)
    expect(misspelt.json().message).toBe('Unknown field: serch_param')
    const exchange = await t.call(
      'dealer',
      'GET',
      '/api/chatter/search-trade-participants?exchange=MCX&limit=500',
    )
    expect(exchange.json().fields).toEqual({
      exchange: 'Exchange is one of NSE, BSE, NSCCL, ICCL',
      limit: 'Limit is between 1 and 50',
    })
    const nul = await t.call(
      'dealer',
      'GET',
      '/api/chatter/search-trade-participants?search_param=abc%00',
    )
    expect(nul.statusCode).toBe(400)
  })

  it('is for the trading roles only', async () => {
    expect((await t.call(null, 'GET', '/api/chatter/search-trade-participants')).statusCode).toBe(
      401,
    )
    for (const who of ['compliance', 'opsadmin', 'researcher', 'investor'] as const) {
      const response = await t.call(who, 'GET', '/api/chatter/search-trade-participants')
      expect(response.statusCode, who).toBe(403)
    }
    for (const who of ['viewer', 'backoffice'] as const) {
      const response = await t.call(who, 'GET', '/api/chatter/search-trade-participants')
      expect(response.statusCode, who).toBe(200)
    }
  })
})

describe('GET api/chatter/users-clients-unified/', () => {
  it('lists the people in trading roles of other firms and the firms', async () => {
    const body = (
      await t.call('broker', 'GET', '/api/chatter/users-clients-unified/?search_param=demo')
    ).json()
    expect(names(body)).toEqual([
      'Member: Bala Office',
      'Member: Dev Dealer',
      'Member: Vidya Viewer',
      'Member: Farah Funds',
      'Company: Demo Capital',
      'Company: Demo Funds',
    ])
    // Demo Capital is Demo Securities' partner; Demo Funds is not.
    expect(
      body.results.map((r: { name: string; is_partner: boolean }) => [r.name, r.is_partner]),
    ).toEqual([
      ['Demo Capital', true],
      ['Demo Capital', true],
      ['Demo Capital', true],
      ['Demo Funds', false],
      ['Demo Capital', true],
      ['Demo Funds', false],
    ])
  })

  it('narrows to brokers or to the others', async () => {
    const brokers = (
      await t.call('dealer', 'GET', '/api/chatter/users-clients-unified/?broker=true')
    ).json()
    expect(names(brokers)).toEqual(['Member: Bharat Broker', 'Company: Demo Securities'])
    const others = (
      await t.call('dealer', 'GET', '/api/chatter/users-clients-unified/?broker=false')
    ).json()
    expect(names(others)).toEqual(['Member: Farah Funds', 'Company: Demo Funds'])
    const limited = (
      await t.call('broker', 'GET', '/api/chatter/users-clients-unified/?limit=1')
    ).json()
    expect(names(limited)).toEqual(['Member: Bala Office', 'Company: Demo Capital'])
    const bad = await t.call('dealer', 'GET', '/api/chatter/users-clients-unified/?broker=yes')
    expect(bad.json().fields).toEqual({ broker: 'Should be true or false' })
  })
})

describe('GET api/chatter/search-brokers/{id}', () => {
  it('lists the brokers available to the caller’s own firm', async () => {
    const body = (
      await t.call('dealer', 'GET', `/api/chatter/search-brokers/${t.capital}?search_param=bhar`)
    ).json()
    expect(names(body)).toEqual(['Member: Bharat Broker'])
    const all = (await t.call('dealer', 'GET', `/api/chatter/search-brokers/${t.capital}`)).json()
    expect(names(all)).toEqual(['Member: Bharat Broker', 'Company: Demo Securities'])
  })

  it('for a partner, lists brokers other than the partner itself', async () => {
    const body = (
      await t.call('dealer', 'GET', `/api/chatter/search-brokers/${t.securities}`)
    ).json()
    expect(body).toEqual({ results: [] })
  })

  it('answers 404 for a firm outside the caller’s network and for nonsense, 400 for a NUL', async () => {
    for (const id of [t.investorClient, crypto.randomUUID(), 'nonsense']) {
      const response = await t.call('dealer', 'GET', `/api/chatter/search-brokers/${id}`)
      expect(response.statusCode, id).toBe(404)
      expect(response.json().message).toBe('Client not found')
    }
    // A NUL never reaches the database: refused as input (decision 190).
    const nul = await t.call('dealer', 'GET', '/api/chatter/search-brokers/%00')
    expect(nul.statusCode).toBe(400)
    expect(nul.json().fields).toEqual({ id: 'Should not contain control characters' })
  })
})
