// The page's streamed answer (decision 280) on the real app over the real universe (PGlite):
// started as `POST api/mind/ask/` is checked, opened once as server-sent events whose typed result
// comes before the text and whose `done` is the ask endpoint's JSON, stored in the chat.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import type { AuthUser } from '../../http/access.ts'
import { as, signIn } from '../auth/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'
import { mindService } from './index.ts'
import { textPieces } from './use-cases/ask.ts'
import { STREAM_NOT_FOUND, STREAM_TTL_MS } from './use-cases/stream.ts'

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
      TOKEN_SECRET: 'mind-stream-test',
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

const start = (token: string | null, payload: Record<string, unknown>) =>
  as(app, token, { method: 'POST', url: '/api/mind/ask/stream/', payload })
const open = (id: string) => app.inject({ method: 'GET', url: `/api/mind/ask/stream/${id}/` })

/** The events of an SSE body, in order. */
function events(body: string): { event: string; data: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      const [event, data] = frame.split('\n')
      expect(event).toMatch(/^event: /)
      expect(data).toMatch(/^data: /)
      return { event: event!.slice(7), data: JSON.parse(data!.slice(6)) as Record<string, unknown> }
    })
}

describe('the streamed answer', () => {
  it('streams progress, the typed result before the text, then the ask endpoint’s answer, stored', async () => {
    const question = 'how many active Maharashtra SDLs mature after 2030?'
    const started = await start(researcher, { question })
    expect(started.statusCode).toBe(200)
    const { stream_id } = started.json()
    expect(stream_id).toMatch(/^[A-Za-z0-9_-]{24}$/)

    const streamed = await open(stream_id)
    expect(streamed.statusCode).toBe(200)
    expect(streamed.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    const all = events(streamed.body)
    const names = all.map((e) => e.event)
    expect(names[0]).toBe('progress')
    expect(names.indexOf('result')).toBeLessThan(names.indexOf('text'))
    expect(names.at(-1)).toBe('done')
    expect(names.filter((n) => n === 'text').length).toBeGreaterThan(1)

    const done = all.at(-1)!.data
    expect(Object.keys(done).sort()).toEqual([
      'bonds',
      'chat_id',
      'message_id',
      'result',
      'table',
      'text',
    ])
    const result = all.find((e) => e.event === 'result')!.data
    expect(result).toEqual({ result: done.result, bonds: done.bonds })
    const text = all
      .filter((e) => e.event === 'text')
      .map((e) => e.data.delta)
      .join('')
    expect(text).toBe(done.text)

    // The same answer as the JSON endpoint gives, and stored in the researcher's chat.
    const json = (
      await as(app, researcher, { method: 'POST', url: '/api/mind/ask/', payload: { question } })
    ).json()
    expect(json.result).toEqual(done.result)
    expect(json.text).toBe(done.text)
    const chat = (
      await as(app, researcher, { method: 'GET', url: `/api/mind/chats/${String(done.chat_id)}/` })
    ).json()
    expect(chat.title).toBe(question)
    expect(chat.messages[1].id).toBe(done.message_id)

    // Single use: opened again, it is gone.
    const again = await open(stream_id)
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe(STREAM_NOT_FOUND)
  })

  it('is started by Market Researchers alone, with the ask endpoint’s checks', async () => {
    expect((await start(dealer, { question: 'isin of 6.54 GS 2032' })).statusCode).toBe(403)
    expect((await start(null, { question: 'isin of 6.54 GS 2032' })).statusCode).toBe(401)
    const unknown = await start(researcher, { question: 'hi', stream: true })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('Unknown field: stream')
    expect((await start(researcher, { question: ' ' })).statusCode).toBe(400)
    const missing = await start(researcher, { question: 'isin of 6.54 GS 2032', chat_id: 'x' })
    expect(missing.statusCode).toBe(404)
    expect((await open('not-a-stream-id-at-all-00')).statusCode).toBe(404)
  })

  it('ends with an error event when the chat went away between start and open', async () => {
    const { chat_id } = (
      await as(app, researcher, {
        method: 'POST',
        url: '/api/mind/ask/',
        payload: { question: 'isin of 7.26 GS 2033' },
      })
    ).json()
    const { stream_id } = (await start(researcher, { question: 'and its coupon?', chat_id })).json()
    await as(app, researcher, { method: 'DELETE', url: `/api/mind/chats/${chat_id}/` })
    const all = events((await open(stream_id)).body)
    expect(all.at(-1)).toEqual({
      event: 'error',
      data: { statusCode: 404, error: 'Not Found', message: 'Chat not found' },
    })
    expect(all.some((e) => e.event === 'done')).toBe(false)
  })
})

describe('a started stream', () => {
  it('expires after a minute unopened', async () => {
    let now = new Date('2026-11-27T06:00:00Z')
    const service = mindService(database.db, { clock: () => now })
    const user = { id: 'u1' } as AuthUser
    const { stream_id } = await service.startAskStream(user, { question: 'isin of 6.54 GS 2032' })
    now = new Date(now.getTime() + STREAM_TTL_MS)
    expect(() => service.takeAskStream(stream_id)).toThrow(STREAM_NOT_FOUND)
  })

  it('sends the text in pieces of a few words that join back to it', () => {
    const text = '**35** bonds: active (not matured);\n- state: Maharashtra'
    const pieces = textPieces(text, 2)
    expect(pieces).toEqual([
      '**35** bonds: ',
      'active (not ',
      'matured);\n- ',
      'state: Maharashtra',
    ])
    expect(pieces.join('')).toBe(text)
  })
})
