// The trade socket follows the sign-in session: signing out closes that session's sockets (4401)
// and no other; new roles close all of the user's sockets, to reopen with the new audience.
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { endsSocket } from '../../events/sessions.ts'
import { testDatabase } from '../../db/testing.ts'
import { as, signIn } from '../auth/testing.ts'

let app: FastifyInstance
let database: Database
let url: string

beforeAll(async () => {
  database = await testDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'sessions-test-secret',
      AUTH_RATE_LIMIT: '10000',
    }),
    { web: false, database, universe: false, demoMarket: false, demoChat: false },
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/trade/d/`
})

afterAll(async () => {
  await app.close()
  await database.close()
})

/** A socket authenticated with an access token; `closed` resolves with its close code. */
async function socketOf(access: string) {
  const socket = new WebSocket(url)
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    socket.on('close', (code) => resolve({ code, at: Date.now() })),
  )
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve())
    socket.on('error', reject)
  })
  const ok = new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      if (String(data).includes('auth_ok')) resolve()
    }),
  )
  socket.send(JSON.stringify({ type: 'auth', token: access }))
  await ok
  return { socket, closed }
}

const stillOpen = async (socket: WebSocket) => {
  await new Promise((resolve) => setTimeout(resolve, 200))
  return socket.readyState === WebSocket.OPEN
}

describe('the trade socket follows the session', () => {
  it('closes the sockets of a session that signs out, within a second, and no other', async () => {
    const first = await signIn(app, 'dealer@demo.test')
    const second = await signIn(app, 'dealer@demo.test')
    const a = await socketOf(first.access)
    const b = await socketOf(second.access)
    const signedOut = Date.now()
    const out = await as(app, first.access, {
      method: 'POST',
      url: '/api/token/revoke/',
      payload: {},
    })
    expect(out.statusCode).toBe(200)
    const { code, at } = await a.closed
    expect(code).toBe(4401)
    expect(at - signedOut).toBeLessThan(1000)
    expect(await stillOpen(b.socket)).toBe(true)
    b.socket.close()
  })

  it('closes all of a user’s sockets when their roles change', async () => {
    const admin = await signIn(app, 'opsadmin@demo.test')
    const viewer = await signIn(app, 'viewer@demo.test')
    const socket = await socketOf(viewer.access)
    const session = await as(app, viewer.access, { method: 'GET', url: '/api/session/' })
    const changed = await as(app, admin.access, {
      method: 'PUT',
      url: '/api/client/user/',
      payload: { user_id: session.json().user_info.id, roles: ['clientviewer', 'backoffice'] },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await socket.closed).code).toBe(4401)
    // The session itself stands: the client refreshes and reopens with the new roles.
    const again = await socketOf(viewer.access)
    expect(await stillOpen(again.socket)).toBe(true)
    again.socket.close()
  })
})

describe('endsSocket', () => {
  it('matches one session, or every session of the user', () => {
    const socket = { userId: 'u1', sessionId: 's1' }
    expect(endsSocket({ userId: 'u1', sessionId: 's1', reason: 'signed_out' }, socket)).toBe(true)
    expect(endsSocket({ userId: 'u1', sessionId: 's2', reason: 'signed_out' }, socket)).toBe(false)
    expect(endsSocket({ userId: 'u1', reason: 'password_changed' }, socket)).toBe(true)
    expect(endsSocket({ userId: 'u2', reason: 'password_changed' }, socket)).toBe(false)
  })
})
