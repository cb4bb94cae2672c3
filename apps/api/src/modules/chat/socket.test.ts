// The chat socket on a real listening server with real ws clients: refusals by cause, live events,
// resume after a gap with nothing lost or doubled, sends acknowledged and idempotent, receipts,
// and two server instances sharing the database and the chat bus (Redis too, when present).
import {
  CHAT_SESSION_TTL_MS,
  type ChatChannel,
  type ChatMessage,
  type ChatSequencedEvent,
} from '@bonds/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInProcessBus, createTopicBus } from '../../events/bus.ts'
import { CHAT_TOPIC, type ChatBus, type ChatBusMessage } from './events.ts'
import { chatSocket, connectAs, startChatApp, type ChatTestApp } from './testing.ts'

let t: ChatTestApp
let desk: ChatChannel
let offset = 0

beforeAll(async () => {
  t = await startChatApp({ build: { clock: () => new Date(Date.now() + offset) } })
  for (const who of ['dealer', 'broker', 'viewer']) await t.acceptTerms(who)
  desk = (
    await t.call('dealer', 'POST', '/api/chat/channels/', {
      customType: 'trading group',
      invitedUserIds: [t.id.broker],
    })
  ).json()
  await t.call('broker', 'POST', `/api/chat/channels/${desk.url}/accept/`)
})

afterAll(async () => t.close())

let n = 0
const say = async (who: string, message: string) => {
  const response = await t.call(who, 'POST', `/api/chat/channels/${desk.url}/messages/`, {
    reqId: `sock-${++n}`,
    message,
  })
  expect(response.statusCode).toBe(201)
  return response.json<ChatMessage>()
}

const texts = (events: ChatSequencedEvent[]) =>
  events.flatMap((e) => (e.event.kind === 'message' ? [e.event.message.message] : []))

const token = async (who: string) =>
  (await t.call(who, 'POST', '/api/issue-sb-session-token', { userId: t.id[who] })).json<{
    token: string
  }>().token

async function refused(tokenText: string) {
  const client = chatSocket(t.socketUrl)
  await client.opened
  client.send({ type: 'auth', token: tokenText })
  const code = await client.closed
  const error = client.received.find((m) => m.type === 'error')
  return { code, error: error?.type === 'error' ? error.code : null }
}

describe('refusals', () => {
  it('closes a socket that does not authenticate in time, or sends garbage', async () => {
    const silent = chatSocket(t.socketUrl)
    await silent.opened
    expect(await silent.closed).toBe(4408)
    const garbage = chatSocket(t.socketUrl)
    await garbage.opened
    garbage.socket.send('{"type":"hello"}')
    expect(await garbage.closed).toBe(4400)
  })

  it('tells an invalid, expired or removed session token apart (spec sections 4 and 8)', async () => {
    expect(await refused('not-a-token')).toEqual({ code: 4401, error: 'invalid_token' })

    const expiring = await token('viewer')
    offset = CHAT_SESSION_TTL_MS + 1000
    try {
      expect(await refused(expiring)).toEqual({ code: 4401, error: 'token_expired' })
    } finally {
      offset = 0
    }

    const live = await connectAs(t, 'viewer')
    await t.call('viewer', 'DELETE', '/api/remove-sb-session', { userId: t.id.viewer })
    expect(await live.closed).toBe(4401)
    expect(live.received.at(-1)).toMatchObject({ type: 'error', code: 'session_revoked' })

    // Signing out ends the chat too: the next ping finds the sign-in session gone.
    const viewerLogin = await t.call('viewer', 'POST', '/api/token/', {
      email: 'viewer@demo.test',
      password: 'Demo@12345',
    })
    const signedIn = viewerLogin.json<{ access: string }>().access
    const issued = await t.raw(null, {
      method: 'POST',
      url: '/api/issue-sb-session-token',
      payload: { userId: t.id.viewer },
      headers: { authorization: `Bearer ${signedIn}` },
    })
    const doomed = chatSocket(t.socketUrl)
    await doomed.opened
    doomed.send({ type: 'auth', token: issued.json<{ token: string }>().token })
    await doomed.until(() => doomed.received.some((m) => m.type === 'auth_ok'), 'auth_ok')
    await t.raw(null, {
      method: 'POST',
      url: '/api/token/revoke/',
      payload: {},
      headers: { authorization: `Bearer ${signedIn}` },
    })
    doomed.send({ type: 'ping' })
    expect(await doomed.closed).toBe(4401)
    expect(doomed.received.at(-1)).toMatchObject({ type: 'error', code: 'session_revoked' })

    const before = await token('viewer')
    await t.call('viewer', 'PATCH', '/api/client/chat-terms/', { has_accepted_chat_terms: false })
    expect(await refused(before)).toEqual({ code: 4403, error: 'terms_not_accepted' })
    await t.acceptTerms('viewer')
  })
})

describe('events', () => {
  it('streams a member’s events live, answers pings, and passes on receipts', async () => {
    const dealer = await connectAs(t, 'dealer')
    const sent = await say('broker', 'Gm, runs in 5')
    await dealer.until(() => texts(dealer.events()).includes('Gm, runs in 5'), 'the message')
    const [item] = dealer.events()
    expect(item!.event).toMatchObject({
      kind: 'message',
      channelUrl: desk.url,
      message: { messageId: sent.messageId, sender: { userId: t.id.broker } },
    })
    dealer.send({ type: 'ping' })
    await dealer.until(() => dealer.received.some((m) => m.type === 'pong'), 'pong')
    dealer.send({ type: 'read', channelUrl: desk.url })
    await dealer.until(() => dealer.events().some((e) => e.event.kind === 'read'), 'own read')
    const broker = await connectAs(t, 'broker')
    await t.call('dealer', 'POST', `/api/chat/channels/${desk.url}/messages/`, {
      reqId: `sock-${++n}`,
      message: 'ok',
    })
    broker.send({ type: 'read', channelUrl: desk.url })
    await dealer.until(
      () => dealer.received.some((m) => m.type === 'receipt' && m.userId === t.id.broker),
      'the broker’s receipt',
    )
    dealer.socket.close()
    broker.socket.close()
  })

  it('resumes after a gap: the events missed, in order, none lost or doubled', async () => {
    const first = await connectAs(t, 'dealer')
    const start = first.received.find((m) => m.type === 'auth_ok')
    if (start?.type !== 'auth_ok') throw new Error('no auth_ok')
    for (const i of [1, 2, 3]) await say('broker', `before ${i}`)
    await first.until(() => first.events().length === 3, 'three events')
    const seen = first.events().map((e) => e.seq)
    expect(seen).toEqual([start.seq + 1, start.seq + 2, start.seq + 3])
    first.socket.close()
    await first.closed

    const missed = Array.from({ length: 120 }, (_, i) => `while away ${i + 1}`)
    for (const text of missed) await say('broker', text)

    const began = Date.now()
    const again = await connectAs(t, 'dealer', seen.at(-1))
    await again.until(() => again.events().length >= missed.length, 'the gap replayed')
    expect(Date.now() - began).toBeLessThan(2000)
    const replayed = again.events()
    expect(replayed.map((e) => e.seq)).toEqual(
      Array.from({ length: missed.length }, (_, i) => start.seq + 4 + i),
    )
    expect(texts(replayed)).toEqual(missed)
    const ok = again.received.find((m) => m.type === 'auth_ok')
    expect(ok).toMatchObject({ seq: start.seq + 3 + missed.length, resync: false })
    await say('broker', 'back live')
    await again.until(() => texts(again.events()).includes('back live'), 'the live event')
    expect(new Set(again.events().map((e) => e.seq)).size).toBe(again.events().length)
    again.socket.close()
  })

  it('tells a client ahead of the server to reload (resync)', async () => {
    const ahead = await connectAs(t, 'dealer', 10_000_000)
    expect(ahead.received[0]).toMatchObject({ type: 'auth_ok', resync: true })
    ahead.socket.close()
  })
})

describe('sending on the socket', () => {
  it('acknowledges by reqId, once however often it is sent', async () => {
    const dealer = await connectAs(t, 'dealer')
    const broker = await connectAs(t, 'broker')
    const send = { type: 'send', channelUrl: desk.url, reqId: 'socket-1', message: 'Bid 7.04' }
    dealer.send(send)
    dealer.send(send)
    await dealer.until(() => dealer.received.filter((m) => m.type === 'ack').length === 2, 'acks')
    const acks = dealer.received.flatMap((m) => (m.type === 'ack' ? [m.message.messageId] : []))
    expect(acks[0]).toBe(acks[1])
    await broker.until(() => texts(broker.events()).includes('Bid 7.04'), 'the message')
    await new Promise((r) => setTimeout(r, 150))
    expect(texts(broker.events()).filter((m) => m === 'Bid 7.04')).toHaveLength(1)

    dealer.send({ type: 'send', channelUrl: desk.url, reqId: 'socket-2', message: ' ' })
    dealer.send({ type: 'send', channelUrl: 'ch_0', reqId: 'socket-3', message: 'x' })
    await dealer.until(() => dealer.received.filter((m) => m.type === 'nack').length === 2, 'nacks')
    const nacks = dealer.received.filter((m) => m.type === 'nack')
    expect(nacks).toEqual([
      {
        type: 'nack',
        reqId: 'socket-2',
        status: 400,
        message: 'Message is required',
        fields: { message: 'Message is required' },
      },
      { type: 'nack', reqId: 'socket-3', status: 404, message: 'Channel not found' },
    ])
    dealer.socket.close()
    broker.socket.close()
  })
})

/** Two apps on one database with a chat bus each (shared, or both on Redis). */
async function twoInstances(buses: [() => Promise<ChatBus>, () => Promise<ChatBus>]) {
  const [busA, busB] = await Promise.all(buses.map((make) => make()))
  if (!busA || !busB) throw new Error('two buses expected')
  // Neither socket sends while the messages are posted: the test app's 5 s of allowed silence (and
  // 500 ms to sign in) could run out on a loaded machine; the timeouts are tested above.
  const chatSocketTimings = {
    authTimeoutMs: 60_000,
    idleTimeoutMs: 600_000,
    sweepIntervalMs: 5_000,
    presenceIntervalMs: 0,
  }
  const a = await startChatApp({ build: { chatBus: busA, chatSocketTimings } })
  const b = await startChatApp({
    build: { chatBus: busB, chatSocketTimings, database: a.database },
  })
  for (const who of ['dealer', 'broker']) await a.acceptTerms(who)
  const group = (
    await a.call('dealer', 'POST', '/api/chat/channels/', {
      customType: 'group',
      invitedUserIds: [a.id.broker],
    })
  ).json<ChatChannel>()
  await a.call('broker', 'POST', `/api/chat/channels/${group.url}/accept/`)
  const onA = await connectAs(a, 'dealer')
  const onB = await connectAs(b, 'dealer')
  for (let i = 1; i <= 20; i += 1) {
    const via = i % 2 ? a : b
    await via.call('broker', 'POST', `/api/chat/channels/${group.url}/messages/`, {
      reqId: `two-${i}`,
      message: `via ${i % 2 ? 'A' : 'B'} ${i}`,
    })
  }
  // A last message through each instance: once both are in, anything sent twice before them, by
  // the instance itself or over the bus, would be in too.
  for (const [via, name] of [
    [a, 'A'],
    [b, 'B'],
  ] as const) {
    const sent = await via.call('broker', 'POST', `/api/chat/channels/${group.url}/messages/`, {
      reqId: `two-last-${name}`,
      message: `last via ${name}`,
    })
    expect(sent.statusCode).toBe(201)
  }
  for (const socket of [onA, onB]) {
    await socket.until(() => texts(socket.events()).includes('last via B'), 'the last message')
    await socket.until(() => texts(socket.events()).includes('last via A'), 'the last message')
    expect(texts(socket.events())).toEqual([
      ...Array.from({ length: 20 }, (_, i) => `via ${(i + 1) % 2 ? 'A' : 'B'} ${i + 1}`),
      'last via A',
      'last via B',
    ])
  }
  onA.socket.close()
  onB.socket.close()
  await b.close()
  await a.close()
  await busA.close()
  await busB.close()
}

// Each builds two apps: on a loaded machine that alone can take longer than the default 5 s.
const TWO_APPS_MS = 60_000

describe('two server instances', () => {
  it(
    'deliver each message once to every socket, whichever instance took it',
    async () => {
      const shared = createInProcessBus<ChatBusMessage>()
      await twoInstances([async () => shared, async () => shared])
    },
    TWO_APPS_MS,
  )

  const redisUrl = process.env.TEST_REDIS_URL
  it.skipIf(!redisUrl)(
    'do the same over Redis pub/sub',
    async () => {
      await twoInstances([
        () => createTopicBus(redisUrl, CHAT_TOPIC),
        () => createTopicBus(redisUrl, CHAT_TOPIC),
      ])
    },
    TWO_APPS_MS,
  )
})
