// A message the bus did not bring (Redis down, an instance away) still reaches the private run:
// the sweep reads it from the recipient's chat sequence, once.
import type { PrivateRunLine } from '@bonds/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInProcessBus, type DomainEvent } from '../../events/bus.ts'
import type { ChatBus, ChatBusMessage } from '../chat/index.ts'
import { startChatApp, type ChatTestApp } from '../chat/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'
import { latestSeq } from '../chat/index.ts'
import { BULK_RUN_MESSAGES } from './events.ts'

let t: ChatTestApp
let desk = ''
/** While set, the private runs' subscription hears nothing from the chat topic. */
let runsDeaf = false
let runsHandler = -1

beforeAll(async () => {
  const bus = createInProcessBus<ChatBusMessage>()
  let subscribed = 0
  const chatBus: ChatBus = {
    ...bus,
    subscribe: (handler) => {
      const index = subscribed++
      return bus.subscribe((message) => {
        if (runsDeaf && index === runsHandler) return
        handler(message)
      })
    },
  }
  t = await startChatApp({ build: { database: await universeTestDatabase(), chatBus } })
  // The private runs subscribe last while the app is built.
  runsHandler = subscribed - 1
  for (const who of ['dealer', 'broker']) await t.acceptTerms(who)
  const made = await t.call('broker', 'POST', '/api/chat/channels/', {
    customType: 'direct',
    invitedUserIds: [t.id.dealer],
  })
  desk = made.json().url
  await t.call('dealer', 'POST', `/api/chat/channels/${desk}/accept/`)
  // The traders' cursors start at what they have now.
  await t.app.runsSweep()
})

afterAll(async () => t.close())

const run = async (): Promise<PrivateRunLine[]> =>
  (await t.call('dealer', 'GET', '/api/eoi/private-run/?page_size=100')).json().results

describe('the sweep', () => {
  it('reads a message the bus lost into the run, once', async () => {
    runsDeaf = true
    const sent = await t.call('broker', 'POST', `/api/chat/channels/${desk}/messages/`, {
      reqId: 'sweep-1',
      message: '7.18 gs 2033 7.12/7.10 25cr',
    })
    expect(sent.statusCode).toBe(201)
    await t.app.runsIdle()
    expect(await run()).toEqual([])
    runsDeaf = false

    await t.app.runsSweep()
    const lines = await run()
    expect(lines.map((l) => [l.quote_type, l.yield, l.message_id])).toEqual([
      ['BID', 0.0712, sent.json().messageId],
      ['ASK', 0.071, sent.json().messageId],
    ])
    // Swept again, and heard live: nothing twice.
    await t.app.runsSweep()
    const again = await t.call('broker', 'POST', `/api/chat/channels/${desk}/messages/`, {
      reqId: 'sweep-2',
      message: '7.26 gs 2034 offer 6.95 10cr',
    })
    await t.app.runsIdle()
    await t.app.runsSweep()
    const after = await run()
    expect(after).toHaveLength(3)
    expect(after.filter((l) => l.message_id === again.json().messageId)).toHaveLength(1)
  })

  it('stores a swept message’s lines and moves past it in one commit', async () => {
    const heard: string[] = []
    const unsubscribe = t.app.events.subscribe((e) => void heard.push(e.message.type))
    runsDeaf = true
    const sent = await t.call('broker', 'POST', `/api/chat/channels/${desk}/messages/`, {
      reqId: 'sweep-3',
      message: '7.10 gs 2034 bid 6.90 5cr',
    })
    await t.app.runsIdle()
    runsDeaf = false
    const ofIt = async () => (await run()).filter((l) => l.message_id === sent.json().messageId)
    // A fault where the cursor moves: the lines read in the same sweep are not kept, nobody is told.
    const db = t.database.db
    await db.execute(sql`create function refuse_cursor() returns trigger language plpgsql as
      $$ begin raise exception 'cursors are down'; end $$`)
    await db.execute(sql`create trigger refuse_cursor before update on private_run_cursors
      for each row execute function refuse_cursor()`)
    try {
      await t.app.runsSweep()
    } finally {
      await db.execute(sql`drop trigger refuse_cursor on private_run_cursors`)
      await db.execute(sql`drop function refuse_cursor()`)
    }
    expect(await ofIt()).toEqual([])
    expect(heard).not.toContain('private_run')
    // The next sweep reads the message again, once.
    await t.app.runsSweep()
    expect(await ofIt()).toHaveLength(1)
    await t.app.runsSweep()
    expect(await ofIt()).toHaveLength(1)
    expect(heard.filter((type) => type === 'private_run')).toHaveLength(1)
    unsubscribe()
  })

  it('passes over what the bus brought without reading it back (decision 406)', async () => {
    for (const reqId of ['heard-1', 'heard-2']) {
      await t.call('broker', 'POST', `/api/chat/channels/${desk}/messages/`, {
        reqId,
        message: '7.10 gs 2034 bid 6.91 5cr',
      })
    }
    await t.app.runsIdle()
    const db = t.database.db
    const latest = await latestSeq(db, t.id.dealer)
    // The store forgets them (as a prune would): a sweep reading back would find nothing to pass.
    await db.execute(sql`delete from chat_events where user_id = ${t.id.dealer}`)
    await t.app.runsSweep()
    const [cursor] = (
      (await db.execute(
        sql`select last_seq from private_run_cursors where user_id = ${t.id.dealer}`,
      )) as unknown as { rows: { last_seq: string | number }[] }
    ).rows
    expect(Number(cursor!.last_seq)).toBe(latest)
  })

  it('reads a backlog of many messages as one refresh of the trader’s run (decision 390)', async () => {
    runsDeaf = true
    const ids: number[] = []
    for (let i = 0; i <= BULK_RUN_MESSAGES; i++) {
      const sent = await t.call('broker', 'POST', `/api/chat/channels/${desk}/messages/`, {
        reqId: `sweep-bulk-${i}`,
        message: `7.10 gs 2034 bid ${(6.8 + i / 100).toFixed(2)} 5cr`,
      })
      ids.push(sent.json().messageId)
    }
    await t.app.runsIdle()
    runsDeaf = false
    const heard: DomainEvent[] = []
    const unsubscribe = t.app.events.subscribe((e) => void heard.push(e))
    await t.app.runsSweep()
    unsubscribe()
    const lines = (await run()).filter((l) => ids.includes(l.message_id))
    expect(lines).toHaveLength(BULK_RUN_MESSAGES + 1)
    // The dealer alone, once; the broker, who sent them, has nothing in their run.
    expect(heard.filter((e) => e.message.type === 'private_run')).toEqual([])
    expect(heard.filter((e) => e.message.type === 'refresh')).toEqual([
      {
        audience: { kind: 'users', userIds: [t.id.dealer] },
        message: { type: 'refresh', target: 'private_runs' },
      },
    ])
  })
})
