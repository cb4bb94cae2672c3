// Codes by SMS: through the configured HTTP gateway; without one (outside demo mode) a clear 400,
// never a code stored and silently not sent (issue 19).
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { outbox } from '../../db/schema.ts'
import { testDatabase } from '../../db/testing.ts'

/** A real HTTP gateway on a free port that records what it is sent (or refuses with `status`). */
async function gateway(status = 202) {
  const received: { authorization: string | undefined; body: { to: string; message: string } }[] =
    []
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = ''
    request.on('data', (chunk) => (text += chunk))
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(text) })
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) }
}

async function appWith(env: Record<string, string>) {
  const database = await testDatabase()
  const app = await buildApp(readConfig({ LOG_LEVEL: 'silent', TOKEN_SECRET: 'sms', ...env }), {
    web: false,
    database,
    universe: false,
  })
  return { app, database }
}

const askByMobile = (app: FastifyInstance, mobile = '9876543210') =>
  app.inject({
    method: 'POST',
    url: '/api/request-otp/',
    payload: { mobile, request_type: 'easy_register' },
  })

describe('codes by SMS', () => {
  let plain: { app: FastifyInstance; database: Database }
  beforeAll(async () => {
    plain = await appWith({})
  })
  afterAll(async () => {
    await plain.app.close()
    await plain.database.close()
  })

  it('are refused with a clear 400 where no gateway is configured, and nothing is stored', async () => {
    const response = await askByMobile(plain.app)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      message: 'Codes by SMS are not available on this server. Use your e-mail address instead.',
      fields: { mobile: expect.stringContaining('not available') },
    })
    expect(await plain.database.db.$count(outbox)).toBe(0)
  })

  it('go through the gateway with its key, and a refusal is recorded on the message', async () => {
    const ok = await gateway()
    const refusing = await gateway(503)
    const sent = await appWith({ SMS_GATEWAY_URL: ok.url, SMS_GATEWAY_KEY: 'gw-key-1' })
    const failed = await appWith({ SMS_GATEWAY_URL: refusing.url, SMS_GATEWAY_KEY: 'gw-key-2' })
    try {
      expect((await askByMobile(sent.app)).statusCode).toBe(200)
      expect(ok.received).toHaveLength(1)
      expect(ok.received[0]).toMatchObject({
        authorization: 'Bearer gw-key-1',
        body: { to: '9876543210', message: expect.stringMatching(/one-time password is \d{6}/) },
      })
      const [stored] = await sent.database.db.select().from(outbox)
      expect(stored?.sentAt).not.toBeNull()

      expect((await askByMobile(failed.app)).statusCode).toBe(200)
      const [unsent] = await failed.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.channel, 'sms'))
      expect(unsent).toMatchObject({ sentAt: null, error: 'SMS gateway answered 503' })
    } finally {
      for (const one of [sent, failed]) {
        await one.app.close()
        await one.database.close()
      }
      await ok.close()
      await refusing.close()
    }
  })

  it('reach the outbox in demo mode, where the demo reads them', async () => {
    const demo = await appWith({ DEMO_MODE: 'true' })
    try {
      expect((await askByMobile(demo.app, '9876500099')).statusCode).toBe(200)
      expect(await demo.database.db.$count(outbox, eq(outbox.recipient, '9876500099'))).toBe(1)
    } finally {
      await demo.app.close()
      await demo.database.close()
    }
  })
})

describe('SMS gateway settings', () => {
  it('go together and take an http(s) URL', () => {
    expect(() => readConfig({ SMS_GATEWAY_URL: 'https://sms.example.in/send' })).toThrow(
      'set both or neither',
    )
    expect(() => readConfig({ SMS_GATEWAY_URL: 'ftp://x', SMS_GATEWAY_KEY: 'k' })).toThrow(
      'must be an http(s) URL',
    )
    expect(
      readConfig({ SMS_GATEWAY_URL: 'https://sms.example.in/send', SMS_GATEWAY_KEY: 'k' })
        .smsGateway,
    ).toEqual({ url: 'https://sms.example.in/send', key: 'k' })
  })
})
