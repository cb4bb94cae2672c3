// Private runs on the real app and database (PGlite here, PostgreSQL in CI), with the bond
// universe: a broker's chat message reaches the dealer's private run as it arrives, linked to its
// message, sure quotes in the run and unsure ones waiting; confirm, correct, dismiss; the socket
// message goes to the recipient alone; without trade access the run is empty.
import { CHAT_STAFF_LABEL, PRIVATE_RUN_MESSAGES as PM, type PrivateRunLine } from '@bonds/domain'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DomainEvent } from '../../events/bus.ts'
import { setStaff, startChatApp, type ChatTestApp } from '../chat/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'

const GS_2033 = 'IN0020230085' // 7.18% GS 2033
/** Thursday 26 November 2026, 10:30 IST: a business day, the venues open. */
const MORNING = Date.parse('2026-11-26T05:00:00Z')

let t: ChatTestApp
const now = MORNING
const events: DomainEvent[] = []
let desk = ''
let sent = 0

beforeAll(async () => {
  t = await startChatApp({
    build: { database: await universeTestDatabase(), clock: () => new Date(now) },
  })
  t.app.events.subscribe((event) => events.push(event))
  for (const who of ['dealer', 'broker']) await t.acceptTerms(who)
  const made = await t.call('broker', 'POST', '/api/chat/channels/', {
    customType: 'direct',
    invitedUserIds: [t.id.dealer],
  })
  desk = made.json().url
  await t.call('dealer', 'POST', `/api/chat/channels/${desk}/accept/`)
})

afterAll(async () => t.close())

/** The broker says something to the dealer; resolves when it is read into runs. */
async function brokerSays(text: string) {
  sent += 1
  const response = await t.call('broker', 'POST', `/api/chat/channels/${desk}/messages/`, {
    reqId: `runs-${sent}`,
    message: text,
  })
  expect(response.statusCode).toBe(201)
  await t.app.runsIdle()
  return response.json().messageId as number
}

const run = async (who: string, query = ''): Promise<PrivateRunLine[]> => {
  const response = await t.call(who, 'GET', `/api/eoi/private-run/${query}`)
  expect(response.statusCode).toBe(200)
  return response.json().results
}

/** The dealer's lines of a message, once it has `count` (over Redis the bus takes a moment). */
async function linesOf(messageId: number, count: number): Promise<PrivateRunLine[]> {
  return vi.waitFor(
    async () => {
      const lines = (await run('dealer', '?page_size=100')).filter(
        (l) => l.message_id === messageId,
      )
      expect(lines).toHaveLength(count)
      return lines
    },
    { timeout: 5_000, interval: 50 },
  )
}

describe('a chat message in the private run', () => {
  it('joins the recipient’s run as it arrives, both sides, linked to its message', async () => {
    events.length = 0
    const messageId = await brokerSays('7.18 gs 2033 7.12/7.10 25cr')
    const lines = await linesOf(messageId, 2)
    const bid = lines.find((l) => l.quote_type === 'BID')!
    const ask = lines.find((l) => l.quote_type === 'ASK')!
    for (const line of [bid, ask]) {
      expect(line).toMatchObject({
        status: 'live',
        auto: true,
        isin: GS_2033,
        display_name: '7.18% GS 2033',
        quantum: 250_000_000,
        channel_url: desk,
        line: 1,
        source: '7.18 gs 2033 7.12/7.10 25cr',
        sender_id: t.id.broker,
        counterparty_name: 'Demo Securities',
        rfq: null,
      })
    }
    expect(bid.yield).toBe(0.0712)
    expect(ask.yield).toBe(0.071)
    // The socket message goes to the dealer alone.
    const runEvents = await vi.waitFor(() => {
      const heard = events.filter((e) => e.message.type === 'private_run')
      expect(heard.length).toBeGreaterThan(0)
      return heard
    })
    for (const event of runEvents) {
      expect(event.audience).toEqual({ kind: 'users', userIds: [t.id.dealer] })
    }
  })

  it('names the product’s staff by the product’s name, as chat does', async () => {
    await setStaff(t.database, t.id.broker, true)
    try {
      const [line] = await run('dealer')
      expect(line!.sender_name).toBe(CHAT_STAFF_LABEL)
    } finally {
      await setStaff(t.database, t.id.broker, false)
    }
    expect((await run('dealer'))[0]!.sender_name).toBe('Bharat Broker')
  })

  it('is not the sender’s: the broker’s own message stays out of the broker’s run', async () => {
    expect(await run('broker')).toEqual([])
  })

  it('holds nothing for chatter or a request for quotes', async () => {
    const before = (await run('dealer')).length
    await brokerSays('Gm Dev, any interest in 33s today?')
    expect((await run('dealer')).length).toBe(before)
  })

  it('is read once, however often the message arrives', async () => {
    const before = (await run('dealer')).length
    // A repeat of the same send (same reqId) publishes nothing; reading the events again stores nothing.
    await t.call('broker', 'POST', `/api/chat/channels/${desk}/messages/`, {
      reqId: 'runs-1',
      message: '7.18 gs 2033 7.12/7.10 25cr',
    })
    await t.app.runsIdle()
    expect((await run('dealer')).length).toBe(before)
  })

  it('searches by bond, ISIN or firm, and pages', async () => {
    expect((await run('dealer', '?search=2033')).length).toBeGreaterThan(0)
    expect(await run('dealer', '?search=Nothing+like+it')).toEqual([])
    const page = await t.call('dealer', 'GET', '/api/eoi/private-run/?page_size=1')
    expect(page.json()).toMatchObject({ page: 1, page_size: 1 })
    expect(page.json().results).toHaveLength(1)
    expect(page.json().count).toBeGreaterThan(1)
  })
})

describe('uncertain quotes', () => {
  let pending: PrivateRunLine

  it('wait for one-tap confirm', async () => {
    // A bare level with a bond missing its coupon: the parser is unsure.
    const messageId = await brokerSays('gs 2033 offer 7.10 10cr')
    const lines = await linesOf(messageId, 1)
    pending = lines.find((l) => l.status === 'pending')!
    expect(pending).toBeDefined()
    expect(pending.auto).toBe(false)
    expect(pending.doubts.length).toBeGreaterThan(0)
    // Without its bond it cannot join the run as read.
    if (pending.finstrument_id === null) {
      const response = await t.call('dealer', 'POST', `/api/eoi/private-run/${pending.id}/confirm/`)
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(PM.bondRequired)
    }
  })

  it('can be corrected: the line joins the run as corrected', async () => {
    const response = await t.call('dealer', 'POST', `/api/eoi/private-run/${pending.id}/correct/`, {
      finstrument_id: GS_2033,
      yield: 0.0711,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      status: 'live',
      corrected: true,
      isin: GS_2033,
      yield: 0.0711,
      price: null,
    })
  })

  it('can be confirmed as read, once', async () => {
    // "Indicative" levels are not firm: the parser asks.
    const messageId = await brokerSays('7.18 gs 2033 indicative bid 7.13 5cr')
    const line = (await linesOf(messageId, 1)).find((l) => l.status === 'pending')!
    expect(line).toMatchObject({ isin: GS_2033, quote_type: 'BID', yield: 0.0713, auto: false })
    const ok = await t.call('dealer', 'POST', `/api/eoi/private-run/${line.id}/confirm/`)
    expect(ok.statusCode).toBe(200)
    expect(ok.json().status).toBe('live')
    const again = await t.call('dealer', 'POST', `/api/eoi/private-run/${line.id}/confirm/`)
    expect(again.statusCode).toBe(409)
  })

  it('can be dismissed: the line leaves the run', async () => {
    const line = (await run('dealer'))[0]!
    const response = await t.call('dealer', 'POST', `/api/eoi/private-run/${line.id}/dismiss/`)
    expect(response.statusCode).toBe(204)
    expect((await run('dealer')).some((l) => l.id === line.id)).toBe(false)
    const gone = await t.call('dealer', 'POST', `/api/eoi/private-run/${line.id}/dismiss/`)
    expect(gone.statusCode).toBe(404)
  })

  it('refuses a correction with both levels, or an unknown field, naming it', async () => {
    const line = (await run('dealer'))[0]!
    const both = await t.call('dealer', 'POST', `/api/eoi/private-run/${line.id}/correct/`, {
      yield: 0.07,
      price: 100,
    })
    expect(both.statusCode).toBe(400)
    expect(both.json().fields).toMatchObject({ price: PM.bothLevels })
    const typo = await t.call('dealer', 'POST', `/api/eoi/private-run/${line.id}/correct/`, {
      yeild: 0.07,
    })
    expect(typo.statusCode).toBe(400)
    expect(JSON.stringify(typo.json())).toMatch(/yeild/)
  })

  it('are nobody else’s: another user’s line is not found', async () => {
    const line = (await run('dealer'))[0]!
    const response = await t.call('broker', 'POST', `/api/eoi/private-run/${line.id}/confirm/`)
    expect(response.statusCode).toBe(404)
  })
})

describe('who sees a private run', () => {
  it('is empty without trade access, and refused changes to roles that cannot trade', async () => {
    for (const who of ['viewer', 'backoffice', 'compliance', 'researcher']) {
      expect(await run(who)).toEqual([])
    }
    const line = (await run('dealer'))[0]!
    for (const who of ['viewer', 'compliance']) {
      const response = await t.call(who, 'POST', `/api/eoi/private-run/${line.id}/confirm/`)
      expect(response.statusCode).toBe(403)
    }
    expect((await t.call(null, 'GET', '/api/eoi/private-run/')).statusCode).toBe(401)
  })

  it('refuses an unknown query field, naming it', async () => {
    const response = await t.call('dealer', 'GET', '/api/eoi/private-run/?serch=gs')
    expect(response.statusCode).toBe(400)
    expect(JSON.stringify(response.json())).toMatch(/serch/)
  })
})
