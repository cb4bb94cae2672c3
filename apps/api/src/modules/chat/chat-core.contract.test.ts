// The chat provider contract of `@bonds/chat-core` (issue 20) with its local provider against this
// server: the real app on PGlite, REST through fetch on the listening port, the chat socket through
// `ws` (Node 20 has no WebSocket); then the session over it. It sits here because packages never
// import the server (decision 161); lint lets a `*.contract.test.ts` import the client it runs.
import {
  createChatSession,
  createFetchChatHttp,
  createLocalProvider,
  type SocketLike,
} from '@bonds/chat-core'
import { chatProviderContract, type ContractPerson } from '@bonds/chat-core/testing'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startChatApp, type ChatTestApp } from './testing.ts'

chatProviderContract('local (the product’s chat service)', async () => {
  const t: ChatTestApp = await startChatApp()
  const port = (t.app.server.address() as AddressInfo).port
  const baseUrl = `http://127.0.0.1:${port}`
  const sockets = new Map<ContractPerson, WebSocket[]>()
  let count = 0
  return {
    async person(name) {
      const login = `${name}${++count}`
      const userId = await t.addPerson(login, `Firm ${login}`, ['clientdealer'])
      const http = createFetchChatHttp({ baseUrl, accessToken: () => t.token[login] ?? null })
      const opened: WebSocket[] = []
      const provider = createLocalProvider({
        http,
        socketUrl: t.socketUrl,
        openSocket: (url) => {
          const socket = new WebSocket(url)
          opened.push(socket)
          return socket as unknown as SocketLike
        },
      })
      const person: ContractPerson = {
        userId,
        provider,
        issueToken: async () => {
          const response = await t.call(login, 'POST', '/api/issue-sb-session-token', { userId })
          if (response.statusCode !== 200) throw new Error(`session token: ${response.body}`)
          return (response.json() as { token: string }).token
        },
      }
      sockets.set(person, opened)
      return person
    },
    cut(person) {
      // The network goes: the socket dies without a closing handshake.
      for (const socket of sockets.get(person) ?? []) socket.terminate()
    },
    close: () => t.close(),
  }
})

// The session of `@bonds/chat-core` over the local provider, two people on the real server: what
// the Chat tab will do (start, list, open, send, receive, mark read, dispose).
describe('the chat session over the local provider', () => {
  let t: ChatTestApp
  beforeAll(async () => {
    t = await startChatApp()
  })
  afterAll(async () => t.close())

  async function sessionOf(login: string, compliance = false) {
    const userId = await t.addPerson(login, `Firm ${login}`, ['clientdealer'])
    const port = (t.app.server.address() as AddressInfo).port
    const http = createFetchChatHttp({
      baseUrl: `http://127.0.0.1:${port}`,
      accessToken: () => t.token[login] ?? null,
    })
    const removed: string[] = []
    const sockets: WebSocket[] = []
    const session = createChatSession({
      createProvider: () =>
        createLocalProvider({
          http,
          socketUrl: t.socketUrl,
          openSocket: (url) => {
            const socket = new WebSocket(url)
            sockets.push(socket)
            // ws (not a browser) throws on a socket closed while connecting unless heard.
            socket.on('error', () => undefined)
            return socket as unknown as SocketLike
          },
        }),
      issueToken: async (id) => {
        const response = await t.call(login, 'POST', '/api/issue-sb-session-token', { userId: id })
        return (response.json() as { token: string }).token
      },
      removeSession: async (id) => {
        removed.push(id)
        await t.call(login, 'DELETE', '/api/remove-sb-session', { userId: id })
      },
      isComplianceView: () => compliance,
    })
    return { login, userId, session, removed, sockets }
  }

  it('delivers, shows and marks read; disposing removes the server session', async () => {
    const ann = await sessionOf('sann')
    const bob = await sessionOf('sbob')
    await ann.session.start(ann.userId)
    await bob.session.start(bob.userId)
    const channel = await ann.session.provider().createChannel({
      customType: 'group',
      name: 'Session desk',
      invitedUserIds: [bob.userId],
    })
    await expect
      .poll(() => bob.session.getState().channels.map((c) => c.url))
      .toContain(channel.url)
    await bob.session.provider().accept(channel.url)
    await ann.session.openChannel(channel.url)
    await bob.session.openChannel(channel.url)
    await ann.session.sendText('Offer 7.05 for 10 cr').done
    await expect
      .poll(() => bob.session.getState().messages.map((m) => m.message))
      .toEqual(['Offer 7.05 for 10 cr'])
    await expect
      .poll(async () => (await bob.session.provider().getChannel(channel.url)).unreadMessageCount)
      .toBe(0)
    expect(ann.session.getState().outgoing).toEqual([])
    await bob.session.dispose()
    expect(bob.removed).toEqual([bob.userId])
    expect(bob.session.getState().status).toBe('idle')
    await ann.session.dispose()
  })

  it('counts every message of concurrent sends once on the channel list, across a cut (issue 20’s gap)', async () => {
    // On PostgreSQL sends at once commit, and are numbered, in an order their times need not
    // follow: the list's unread count must still take each message once (decision 371).
    const ann = await sessionOf('gann')
    const bob = await sessionOf('gbob')
    await ann.session.start(ann.userId)
    await bob.session.start(bob.userId)
    const channel = await ann.session.provider().createChannel({
      customType: 'group',
      name: 'Gap desk',
      invitedUserIds: [bob.userId],
    })
    await expect
      .poll(() => bob.session.getState().channels.map((c) => c.url))
      .toContain(channel.url)
    await bob.session.provider().accept(channel.url)
    const sendBatch = (from: number) =>
      Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const response = await t.call(
            ann.login,
            'POST',
            `/api/chat/channels/${channel.url}/messages/`,
            { reqId: `gap-${from + i}`, message: `level ${from + i}` },
          )
          expect(response.statusCode).toBe(201)
        }),
      )
    for (let i = 0; i < 60; i += 20) await sendBatch(i)
    // The network goes mid-stream: the socket dies and comes back with the last number it applied.
    for (const socket of bob.sockets) socket.terminate()
    for (let i = 60; i < 120; i += 20) await sendBatch(i)
    const listed = () =>
      bob.session.getState().channels.find((c) => c.url === channel.url)?.unreadMessageCount
    await expect.poll(listed, { timeout: 15_000 }).toBe(120)
    const server = await t.call(bob.login, 'GET', `/api/chat/channels/${channel.url}/`)
    expect((server.json() as { unreadMessageCount: number }).unreadMessageCount).toBe(120)
    // Read again from the server, the list keeps the same count (not doubled by the events).
    await bob.session.provider().getChannel(channel.url)
    expect(listed()).toBe(120)
    await bob.session.dispose()
    await ann.session.dispose()
  })
})
