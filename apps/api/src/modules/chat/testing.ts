// The real app on a test database for the chat's tests: demo accounts (and, when asked, the demo
// chats), files under a temporary DATA_DIR, a listening port for sockets, tokens for every demo
// role, a second firm's people when a test needs them, and a socket client that records frames.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { ChatSocketServerMessage } from '@bonds/domain'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import { buildApp, type BuildOptions } from '../../app.ts'
import { readConfig } from '../../config.ts'
import { hashPassword } from '../../crypto.ts'
import type { Database } from '../../db/index.ts'
import { clients, users } from '../../db/schema.ts'
import { testDatabase } from '../../db/testing.ts'
import { DEMO_PASSWORD } from '../../demo/accounts.ts'
import { as, signIn } from '../auth/testing.ts'
import { WHO, type Who } from '../network/testing.ts'

export { WHO, type Who }

/** A value per demo role (and per person a test adds). */
export type People = Record<Who, string> & Record<string, string>

/** A started chat test app. */
export interface ChatTestApp {
  app: FastifyInstance
  database: Database
  dataDir: string
  /** ws://…/ws/chat/ of the listening app. */
  socketUrl: string
  token: People
  id: People
  /** Call as a demo role (or any signed-in name), with a JSON body. */
  call: (
    who: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => ReturnType<typeof as>
  /** Inject as someone with raw options. */
  raw: (who: string | null, options: InjectOptions) => ReturnType<typeof as>
  /** Accept the chat terms as a role. */
  acceptTerms: (who: string) => Promise<void>
  /** A new firm with one user in these roles, terms accepted, signed in under `name`. */
  addPerson: (name: string, firm: string, roles: string[], broker?: boolean) => Promise<string>
  close: () => Promise<void>
}

/** Start the app (demo accounts; demo chats only when asked) and sign every demo role in. */
export async function startChatApp(
  options: { demoChat?: boolean; build?: BuildOptions; env?: Record<string, string> } = {},
): Promise<ChatTestApp> {
  const database = options.build?.database ?? (await testDatabase())
  const dataDir = mkdtempSync(join(tmpdir(), 'bonds-chat-'))
  const app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'chat-test',
      AUTH_RATE_LIMIT: '100000',
      WRITE_RATE_LIMIT: '100000',
      DATA_DIR: dataDir,
      ...options.env,
    }),
    {
      web: false,
      universe: false,
      demoMarket: false,
      demoChat: options.demoChat ?? false,
      chatSocketTimings: {
        authTimeoutMs: 500,
        idleTimeoutMs: 5_000,
        sweepIntervalMs: 200,
        presenceIntervalMs: 0,
      },
      // Tests that pour messages are not about the send limit (limits.test.ts is: it passes undefined).
      chatSendLimit: { max: 100_000, windowMs: 10_000 },
      ...options.build,
      database,
    },
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  const token = {} as People
  const id = {} as People
  const remember = async (name: string, email: string) => {
    token[name] = (await signIn(app, email)).access
    const me = await as(app, token[name]!, { method: 'GET', url: '/api/session/' })
    id[name] = (me.json() as { user_info: { id: string } }).user_info.id
  }
  for (const who of WHO) await remember(who, `${who}@demo.test`)
  const call: ChatTestApp['call'] = (who, method, url, payload) =>
    as(app, who ? (token[who] ?? null) : null, {
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    })
  const acceptTerms = async (who: string) => {
    const response = await call(who, 'PATCH', '/api/client/chat-terms/', {
      has_accepted_chat_terms: true,
    })
    if (response.statusCode !== 200) throw new Error(`chat terms: ${response.body}`)
  }
  const addPerson: ChatTestApp['addPerson'] = async (name, firm, roles, broker = false) => {
    const clientId = randomUUID()
    const userId = randomUUID()
    await database.db.insert(clients).values({
      id: clientId,
      name: firm,
      clientType: 'CORP',
      isBroker: broker,
      rfqExchanges: ['NSE'],
    })
    const email = `${name}@${firm.toLowerCase().replace(/\W+/g, '-')}.test`
    await database.db.insert(users).values({
      id: userId,
      clientId,
      email,
      firstName: name[0]!.toUpperCase() + name.slice(1),
      lastName: firm.split(' ')[0]!,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      roles,
      hasAcceptedChatTerms: true,
    })
    await remember(name, email)
    return userId
  }
  return {
    app,
    database,
    dataDir,
    socketUrl: `ws://127.0.0.1:${port}/ws/chat/`,
    token,
    id,
    call,
    raw: (who, options) => as(app, who ? (token[who] ?? null) : null, options),
    acceptTerms,
    addPerson,
    close: async () => {
      await app.close()
      if (!options.build?.database) await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Set a user staff (or not) in the database. */
export async function setStaff(database: Database, userId: string, isStaff: boolean) {
  await database.db.update(users).set({ isStaff }).where(eq(users.id, userId))
}

/** A chat socket client that records what it receives and how it closes. */
export function chatSocket(url: string) {
  const socket = new WebSocket(url)
  const received: ChatSocketServerMessage[] = []
  let closeCode: number | null = null
  const closed = new Promise<number>((resolve) =>
    socket.on('close', (code) => {
      closeCode = code
      resolve(code)
    }),
  )
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as ChatSocketServerMessage))
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve())
    socket.on('error', reject)
  })
  /** Every sequenced event received, in order. */
  const events = () => received.flatMap((frame) => (frame.type === 'events' ? frame.items : []))
  /** Wait until a condition on what was received holds (a delivery that never comes fails). */
  const until = async (check: () => boolean, what: string, timeout = 15_000) => {
    const started = Date.now()
    while (!check()) {
      if (Date.now() - started > timeout) {
        throw new Error(
          `no ${what} within ${timeout} ms: ${JSON.stringify(received).slice(0, 600)}`,
        )
      }
      await new Promise((r) => setTimeout(r, 10))
    }
  }
  const send = (message: object) => socket.send(JSON.stringify(message))
  return {
    socket,
    received,
    events,
    until,
    send,
    opened,
    closed,
    closeCode: () => closeCode,
  }
}

/** Open a chat socket authenticated with a fresh session token of `who`. */
export async function connectAs(t: ChatTestApp, who: string, lastSeq?: number) {
  const issued = await t.call(who, 'POST', '/api/issue-sb-session-token', { userId: t.id[who] })
  if (issued.statusCode !== 200) throw new Error(`session token: ${issued.body}`)
  const client = chatSocket(t.socketUrl)
  await client.opened
  client.send({
    type: 'auth',
    token: (issued.json() as { token: string }).token,
    ...(lastSeq !== undefined ? { last_seq: lastSeq } : {}),
  })
  await client.until(() => client.received.some((m) => m.type === 'auth_ok'), 'auth_ok')
  return client
}
