// The send limit and the bounded event table (decision 278): a user's 31st send within 10 s is a
// 429 (REST and socket alike; a retry of an earlier reqId still answers), files are refused before
// their bytes are stored; old events are pruned, and a socket asking from before what is kept is
// told to resync while one asking from what is kept is replayed.
import { CHAT_SEND_LIMIT } from '@bonds/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatEvents, chatFiles } from '../../db/chat-schema.ts'
import { pruneEvents } from './events-repo.ts'
import { connectAs, startChatApp, type ChatTestApp } from './testing.ts'

let t: ChatTestApp
let url = ''

beforeAll(async () => {
  // The spec's limit in the spec's window, on a clock that stands still: the burst's sends all
  // fall in one window however long a loaded machine takes to make them (it once took 11.5 s).
  const frozen = new Date()
  t = await startChatApp({ build: { chatSendLimit: undefined, clock: () => new Date(frozen) } })
  for (const who of ['dealer', 'broker']) await t.acceptTerms(who)
  url = (
    await t.call('dealer', 'POST', '/api/chat/channels/', {
      customType: 'direct',
      invitedUserIds: [t.id.broker],
      isDistinct: true,
    })
  ).json().url
  await t.call('broker', 'POST', `/api/chat/channels/${url}/accept/`)
})

afterAll(async () => t.close())

const say = (who: string, reqId: string) =>
  t.call(who, 'POST', `/api/chat/channels/${url}/messages/`, { reqId, message: reqId })

describe('the send limit', () => {
  it(`lets ${CHAT_SEND_LIMIT} sends through in the window and refuses the next`, async () => {
    for (let i = 0; i < CHAT_SEND_LIMIT; i += 1) {
      expect((await say('dealer', `burst-${i}`)).statusCode, `send ${i}`).toBe(201)
    }
    const refused = await say('dealer', 'burst-over')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe('You are sending messages too fast; wait a moment')
    // A retry of a message already sent is not a new send.
    expect((await say('dealer', 'burst-3')).statusCode).toBe(200)
    // Others are not limited by the dealer's burst.
    expect((await say('broker', 'reply-1')).statusCode).toBe(201)
  })

  it('refuses a file before storing it, and a socket send with a nack', async () => {
    const files = (
      await t.database.db.select({ n: sql<number>`count(*)::int` }).from(chatFiles)
    )[0]!.n
    const upload = await t.raw('dealer', {
      method: 'POST',
      url: `/api/chat/channels/${url}/files/?reqId=f-over&fileName=a.txt&mimeType=text/plain`,
      payload: Buffer.from('hello'),
      headers: { 'content-type': 'application/octet-stream' },
    })
    expect(upload.statusCode).toBe(429)
    const after = (
      await t.database.db.select({ n: sql<number>`count(*)::int` }).from(chatFiles)
    )[0]!.n
    expect(after).toBe(files)
    const socket = await connectAs(t, 'dealer')
    socket.send({ type: 'send', channelUrl: url, reqId: 'sock-over', message: 'too fast' })
    await socket.until(() => socket.received.some((m) => m.type === 'nack'), 'nack')
    expect(socket.received.find((m) => m.type === 'nack')).toMatchObject({
      reqId: 'sock-over',
      status: 429,
    })
    socket.socket.close()
  })
})

describe('pruning events', () => {
  it('forgets old events and those beyond the last kept; a socket from before them resyncs', async () => {
    const db = t.database.db
    const mine = eq(chatEvents.userId, t.id.broker)
    const seqs = async () =>
      (await db.select({ seq: chatEvents.seq }).from(chatEvents).where(mine)).map((r) => r.seq)
    const all = (await seqs()).sort((a, b) => a - b)
    expect(all.length).toBeGreaterThan(10)
    // Age the first five; keep at most the last 20 of anyone's.
    await db
      .update(chatEvents)
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(sql`${mine} and ${chatEvents.seq} <= ${all[4]!}`)
    await pruneEvents(db, new Date(Date.now() - 7 * 86_400_000), 1_000_000)
    expect((await seqs()).sort((a, b) => a - b)).toEqual(all.slice(5))
    await pruneEvents(db, new Date(0), 20)
    const kept = (await seqs()).sort((a, b) => a - b)
    expect(kept).toEqual(all.slice(-20))

    const stale = await connectAs(t, 'broker', all[0]!)
    expect(stale.received.find((m) => m.type === 'auth_ok')).toMatchObject({ resync: true })
    stale.socket.close()
    const recent = await connectAs(t, 'broker', kept[0]! - 1)
    expect(recent.received.find((m) => m.type === 'auth_ok')).toMatchObject({ resync: false })
    await recent.until(() => recent.events().length === 20, 'the kept events')
    expect(recent.events().map((e) => e.seq)).toEqual(kept)
    recent.socket.close()
  })
})
