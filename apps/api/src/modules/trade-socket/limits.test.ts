// What one socket, user and address may hold: a flood of messages closes the socket (4429), and a
// user or an address past its cap gets no more sockets (4409) (issue 19).
import { SOCKET_CLOSE_CODES } from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { testDatabase } from '../../db/testing.ts'
import { sendOrDrop } from './routes.ts'
import { signTestToken } from './test-token.ts'

const SECRET = 'limits-test-secret'
let app: FastifyInstance
let database: Database
let url: string

beforeAll(async () => {
  database = await testDatabase()
  app = await buildApp(readConfig({ LOG_LEVEL: 'silent', TOKEN_SECRET: SECRET }), {
    web: false,
    database,
    socketTestTokens: true,
    socketLimits: { messagesPerSecond: 5, socketsPerUser: 2, socketsPerAddress: 4 },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/trade/d/`
})

afterAll(async () => {
  await app.close()
  await database.close()
})

/** An open socket; `closed` resolves with its close code; `auth` signs it in as `userId`. */
async function open() {
  const socket = new WebSocket(url)
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve())
    socket.on('error', reject)
  })
  const auth = (userId: string) =>
    new Promise<'ok' | number>((resolve) => {
      socket.on('message', (data) => {
        if (String(data).includes('auth_ok')) resolve('ok')
      })
      void closed.then(resolve)
      socket.send(
        JSON.stringify({
          type: 'auth',
          token: signTestToken({ userId, clientId: null, roles: [] }, SECRET),
        }),
      )
    })
  return { socket, closed, auth }
}

describe('trade socket limits', () => {
  it('closes a socket that floods messages (4429) and keeps one that pings', async () => {
    const calm = await open()
    expect(await calm.auth('calm')).toBe('ok')
    const noisy = await open()
    expect(await noisy.auth('noisy')).toBe('ok')
    for (let i = 0; i < 10; i += 1) noisy.socket.send(JSON.stringify({ type: 'ping' }))
    calm.socket.send(JSON.stringify({ type: 'ping' }))
    expect(await noisy.closed).toBe(SOCKET_CLOSE_CODES.rateLimited)
    expect(calm.socket.readyState).toBe(WebSocket.OPEN)
    calm.socket.close()
    await calm.closed
  })

  it('gives a user no more sockets than the cap (4409), and another user theirs', async () => {
    const tabs = [await open(), await open()]
    for (const tab of tabs) expect(await tab.auth('busy')).toBe('ok')
    const third = await open()
    expect(await third.auth('busy')).toBe(SOCKET_CLOSE_CODES.tooManySockets)
    // Closing a tab frees its place.
    tabs[0]?.socket.close()
    await tabs[0]?.closed
    const again = await open()
    expect(await again.auth('busy')).toBe('ok')
    for (const socket of [tabs[1], again]) {
      socket?.socket.close()
      await socket?.closed
    }
  })

  it('gives one address no more sockets than the cap (4409)', async () => {
    const held = [await open(), await open(), await open(), await open()]
    const fifth = new WebSocket(url)
    const code = await new Promise<number>((resolve) => fifth.on('close', (c) => resolve(c)))
    expect(code).toBe(SOCKET_CLOSE_CODES.tooManySockets)
    for (const one of held) {
      one.socket.close()
      await one.closed
    }
  })
})

describe('a reader that stops reading', () => {
  it('is dropped (4413) once its backlog passes the cap, and served below it', () => {
    const closed: number[] = []
    const sent: string[] = []
    const socket = {
      readyState: 1,
      OPEN: 1 as const,
      bufferedAmount: 0,
      send: (frame: string) => void sent.push(frame),
      close: (code?: number) => void closed.push(code ?? 0),
    }
    expect(sendOrDrop(socket as never, 'a', 1024)).toBe(true)
    socket.bufferedAmount = 1024
    expect(sendOrDrop(socket as never, 'b', 1024)).toBe(true)
    socket.bufferedAmount = 1025
    expect(sendOrDrop(socket as never, 'c', 1024)).toBe(false)
    expect(sent).toEqual(['a', 'b'])
    expect(closed).toEqual([SOCKET_CLOSE_CODES.backlog])
  })
})
