// mind on the real app over the real universe (PGlite): the Done-when questions, chats stored per
// user (continue, list, rename, delete), sharing (public, revoke, expiry), the Market Researcher
// rule, strict bodies, and the OpenAI-compatible planner against a local fake endpoint.
import { yieldFromPrice, type BondTerms } from '@bonds/pricing'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { finstruments, users } from '../../db/schema.ts'
import type { AuthUser } from '../../http/access.ts'
import { as, signIn } from '../auth/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'
import { mindService } from './index.ts'

let app: FastifyInstance
let database: Database
let researcher: string
let dealer: string

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'mind-test',
      AUTH_RATE_LIMIT: '10000',
    }),
    { web: false, database, demoMarket: false, demoChat: false },
  )
  await app.ready()
  researcher = (await signIn(app, 'researcher@demo.test')).access
  dealer = (await signIn(app, 'dealer@demo.test')).access
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const ask = (token: string | null, payload: Record<string, unknown>) =>
  as(app, token, { method: 'POST', url: '/api/mind/ask/', payload })

async function termsOf(isin: string): Promise<BondTerms> {
  const [row] = await database.db.select().from(finstruments).where(eq(finstruments.isin, isin))
  return {
    convention: row!.convention as BondTerms['convention'],
    maturityDate: row!.maturityDate!,
    couponRate: row!.couponRate!,
    frequency: row!.frequency as 2,
  }
}

describe('POST api/mind/ask/', () => {
  it('answers the Done-when questions in one chat: the yield, the count with its list, the refusal', async () => {
    const first = await ask(researcher, {
      question: 'ytm on 6.54 GS 2032 at 101.10 clean settling 24-Nov-2026?',
    })
    expect(first.statusCode).toBe(200)
    const body = first.json()
    const expected = yieldFromPrice(await termsOf('IN0020210244'), '2026-11-24', 101.1) * 100
    expect(body.result.kind).toBe('number')
    expect(body.result.unit).toBe('%')
    expect(body.result.value).toBeCloseTo(expected, 4)
    expect(body.bonds).toEqual([
      { id: 'IN0020210244', isin: 'IN0020210244', name: '6.54% GS 2032' },
    ])
    expect(body.text).toContain('(/security/IN0020210244)')
    expect(Object.keys(body).sort()).toEqual(['bonds', 'chat_id', 'message_id', 'result', 'text'])

    const second = await ask(researcher, {
      question: 'how many active Maharashtra SDLs mature after 2030?',
      chat_id: body.chat_id,
    })
    expect(second.statusCode).toBe(200)
    const count = second.json()
    const rows = await database.db
      .select()
      .from(finstruments)
      .where(eq(finstruments.state, 'Maharashtra'))
    const expectedCount = rows.filter(
      (r) => r.securityType === 'SDL' && r.maturityDate !== null && r.maturityDate > '2030-12-31',
    ).length
    expect(count.chat_id).toBe(body.chat_id)
    expect(count.result).toEqual({ kind: 'count', value: expectedCount })
    expect(count.table.rows).toHaveLength(expectedCount)

    const third = await ask(researcher, {
      question: 'where will the 10-year yield be next March?',
      chat_id: body.chat_id,
    })
    expect(third.json().result).toEqual({ kind: 'declined', value: null })

    const chat = (
      await as(app, researcher, { method: 'GET', url: `/api/mind/chats/${body.chat_id}/` })
    ).json()
    expect(chat.title).toBe('ytm on 6.54 GS 2032 at 101.10 clean settling 24-Nov-2026?')
    expect(chat.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'analyst',
      'user',
      'analyst',
      'user',
      'analyst',
    ])
    expect(chat.messages[3].result).toEqual({ kind: 'count', value: expectedCount })
    expect(chat.messages[1].id).toBe(body.message_id)
  })

  it('refuses unknown fields naming them, an empty question, and a chat that is not the caller’s', async () => {
    const unknown = await ask(researcher, { question: 'hi', chat: 'x' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('Unknown field: chat')
    expect((await ask(researcher, { question: '   ' })).statusCode).toBe(400)
    const missing = await ask(researcher, {
      question: 'isin of 6.54 GS 2032',
      chat_id: 'not-a-chat',
    })
    expect(missing.statusCode).toBe(404)
  })

  it('is for Market Researchers alone', async () => {
    expect((await ask(dealer, { question: 'isin of 6.54 GS 2032' })).statusCode).toBe(403)
    expect((await ask(null, { question: 'isin of 6.54 GS 2032' })).statusCode).toBe(401)
    expect((await as(app, dealer, { method: 'GET', url: '/api/mind/chats/' })).statusCode).toBe(403)
  })
})

describe('chats and sharing', () => {
  it('lists, renames, shares read-only for anyone, revokes and deletes', async () => {
    const { chat_id } = (await ask(researcher, { question: 'isin of 7.26 GS 2033' })).json()
    const list = (await as(app, researcher, { method: 'GET', url: '/api/mind/chats/' })).json()
    expect(list.results[0]).toMatchObject({
      id: chat_id,
      title: 'isin of 7.26 GS 2033',
      share: null,
    })

    const renamed = await as(app, researcher, {
      method: 'PATCH',
      url: `/api/mind/chats/${chat_id}/`,
      payload: { title: 'G-sec look-ups' },
    })
    expect(renamed.json().title).toBe('G-sec look-ups')
    const bad = await as(app, researcher, {
      method: 'PATCH',
      url: `/api/mind/chats/${chat_id}/`,
      payload: { title: 'x', colour: 1 },
    })
    expect(bad.statusCode).toBe(400)

    const share = (
      await as(app, researcher, {
        method: 'POST',
        url: `/api/mind/chats/${chat_id}/share/`,
        payload: {},
      })
    ).json()
    expect(share.public_id).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(share.path).toBe(`/mind/public/${share.public_id}`)
    const open = await as(app, null, { method: 'GET', url: `/api/mind/public/${share.public_id}/` })
    expect(open.statusCode).toBe(200)
    expect(open.json().title).toBe('G-sec look-ups')
    expect(open.json().messages).toHaveLength(2)
    expect(open.body).not.toContain('researcher@demo.test')
    expect(open.body).not.toContain(chat_id)

    const revoke = await as(app, researcher, {
      method: 'DELETE',
      url: `/api/mind/chats/${chat_id}/share/`,
    })
    expect(revoke.statusCode).toBe(204)
    expect(
      (await as(app, null, { method: 'GET', url: `/api/mind/public/${share.public_id}/` }))
        .statusCode,
    ).toBe(404)

    const past = await as(app, researcher, {
      method: 'POST',
      url: `/api/mind/chats/${chat_id}/share/`,
      payload: { expires_at: '2020-01-01T00:00:00Z' },
    })
    expect(past.statusCode).toBe(400)
    expect(past.body).toContain('The expiry must be in the future')

    expect(
      (await as(app, researcher, { method: 'DELETE', url: `/api/mind/chats/${chat_id}/` }))
        .statusCode,
    ).toBe(204)
    expect(
      (await as(app, researcher, { method: 'GET', url: `/api/mind/chats/${chat_id}/` })).statusCode,
    ).toBe(404)
  })

  it('keeps a chat to its owner and ends a share at its expiry', async () => {
    let now = Date.now()
    const service = mindService(database.db, { clock: () => new Date(now) })
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'researcher@demo.test'))
    const owner = { id: row!.id } as AuthUser
    const other = { id: 'someone-else' } as AuthUser
    const { chat_id } = await service.ask(owner, { question: 'longest gsec' })
    await expect(service.getChat(other, chat_id)).rejects.toMatchObject({ statusCode: 404 })
    await expect(service.shareChat(other, chat_id, {})).rejects.toMatchObject({ statusCode: 404 })
    const share = await service.shareChat(owner, chat_id, {
      expires_at: new Date(now + 60_000).toISOString(),
    })
    expect((await service.publicChat(share.public_id)).messages).toHaveLength(2)
    now += 61_000
    await expect(service.publicChat(share.public_id)).rejects.toMatchObject({ statusCode: 404 })
  })
})

describe('GET api/mind/preview/', () => {
  it('answers its example questions live, for anyone', async () => {
    const response = await as(app, null, { method: 'GET', url: '/api/mind/preview/' })
    expect(response.statusCode).toBe(200)
    const { examples } = response.json() as {
      examples: { question: string; result: { kind: string } }[]
    }
    expect(examples.map((e) => e.result.kind)).toEqual(['count', 'number', 'declined'])
    const live = await ask(researcher, { question: examples[0]!.question })
    expect(live.json().result).toEqual(response.json().examples[0].result)
  })
})

describe('the OpenAI-compatible planner (ANALYST_BASE_URL)', () => {
  let server: Server
  let baseUrl = ''
  let status = 200
  const bodies: string[] = []
  beforeAll(async () => {
    server = createServer((request, response) => {
      let data = ''
      request.on('data', (chunk: Buffer) => (data += chunk.toString()))
      request.on('end', () => {
        bodies.push(data)
        response.writeHead(status, { 'content-type': 'application/json' })
        const call = {
          id: 'c1',
          type: 'function',
          function: { name: 'bond_fact', arguments: '{"bond":"6.54 GS 2032","fact":"maturity"}' },
        }
        response.end(
          JSON.stringify({ choices: [{ message: { content: null, tool_calls: [call] } }] }),
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('answers through the model’s tool call, and through the built-in planner when the model fails', async () => {
    const errors: unknown[] = []
    const service = mindService(database.db, {
      analystEndpoint: { baseUrl, apiKey: 'k', model: 'm' },
      onPlannerError: (error) => errors.push(error),
    })
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'researcher@demo.test'))
    const user = { id: row!.id } as AuthUser
    const viaModel = await service.ask(user, { question: 'when is the 2032 paper due?' })
    expect(viaModel.result).toEqual({ kind: 'date', value: '2032-01-17' })
    expect(bodies.at(-1)).toContain('when is the 2032 paper due?')
    status = 500
    const fallback = await service.ask(user, { question: 'when does 6.54 GS 2032 mature' })
    expect(fallback.result).toEqual({ kind: 'date', value: '2032-01-17' })
    expect(errors).toHaveLength(1)
  })

  it('is configured by all three variables or none', () => {
    expect(
      readConfig({ ANALYST_BASE_URL: 'http://x/v1', ANALYST_API_KEY: 'k', ANALYST_MODEL: 'm' })
        .analyst,
    ).toEqual({
      baseUrl: 'http://x/v1',
      apiKey: 'k',
      model: 'm',
    })
    expect(readConfig({}).analyst).toBeUndefined()
    expect(() => readConfig({ ANALYST_BASE_URL: 'http://x/v1' })).toThrow('go together')
  })
})
