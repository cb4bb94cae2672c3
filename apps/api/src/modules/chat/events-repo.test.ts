// The event sequences against a real database: numbers without gaps per user across appends, each
// user's events in the order given, the same view stored for every member and a viewer's own view
// kept apart, and a replay reading back exactly what was appended.
import { randomUUID } from 'node:crypto'
import type { ChatEvent } from '@bonds/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/index.ts'
import { clients, users } from '../../db/schema.ts'
import { testDatabase } from '../../db/testing.ts'
import { appendEvents, eventsAfter, latestSeq, type EventEntry } from './events-repo.ts'

let database: Database
const ids = Array.from({ length: 4 }, () => randomUUID())

beforeAll(async () => {
  database = await testDatabase()
  const clientId = randomUUID()
  await database.db.insert(clients).values({ id: clientId, name: 'Seq Bank', clientType: 'CORP' })
  await database.db.insert(users).values(
    ids.map((id, i) => ({
      id,
      clientId,
      email: `seq${i}@example.test`,
      firstName: `Seq${i}`,
      lastName: 'Test',
      passwordHash: 'x',
      roles: ['clientdealer'],
    })),
  )
})
afterAll(() => database.close())

const read = (messageId: number): ChatEvent => ({
  kind: 'read',
  channelUrl: 'ch_seq',
  messageId,
  at: messageId,
})

describe('appendEvents', () => {
  it('numbers each user’s events from their last number, in the order given', async () => {
    const shared = read(1)
    const entries: EventEntry[] = [
      // Out of user order, the same event for several users, two events for one user.
      { userId: ids[2]!, event: shared },
      { userId: ids[0]!, event: shared },
      { userId: ids[2]!, event: read(2) },
      { userId: ids[1]!, event: { ...read(1) } },
    ]
    const at = new Date('2026-11-27T10:00:00Z')
    const first = await database.db.transaction((tx) => appendEvents(tx, entries, at))
    const seqOf = (userId: string) =>
      first.filter((item) => item.userId === userId).map((item) => [item.seq, item.event])
    expect(seqOf(ids[0]!)).toEqual([[1, shared]])
    expect(seqOf(ids[1]!)).toEqual([[1, read(1)]])
    expect(seqOf(ids[2]!)).toEqual([
      [1, shared],
      [2, read(2)],
    ])
    expect(seqOf(ids[3]!)).toEqual([])

    const second = await database.db.transaction((tx) =>
      appendEvents(
        tx,
        [
          { userId: ids[2]!, event: read(3) },
          { userId: ids[3]!, event: read(3) },
        ],
        at,
      ),
    )
    expect(second.map((item) => [item.userId, item.seq])).toEqual(
      expect.arrayContaining([
        [ids[2], 3],
        [ids[3], 1],
      ]),
    )
    expect(await latestSeq(database.db, ids[2]!)).toBe(3)
    expect(await eventsAfter(database.db, ids[2]!, 0, 10)).toEqual([
      { seq: 1, event: shared },
      { seq: 2, event: read(2) },
      { seq: 3, event: read(3) },
    ])
    expect(await eventsAfter(database.db, ids[0]!, 0, 10)).toEqual([{ seq: 1, event: shared }])
  })

  it('stores nothing for no entries, and nothing when the transaction rolls back', async () => {
    expect(await database.db.transaction((tx) => appendEvents(tx, [], new Date()))).toEqual([])
    const before = await latestSeq(database.db, ids[1]!)
    await expect(
      database.db.transaction(async (tx) => {
        await appendEvents(tx, [{ userId: ids[1]!, event: read(9) }], new Date())
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await latestSeq(database.db, ids[1]!)).toBe(before)
    expect(await eventsAfter(database.db, ids[1]!, before, 10)).toEqual([])
  })

  it('keeps a message view as each member sees it when the views differ', async () => {
    const base = {
      messageId: 7,
      messageType: 'user',
      message: 'hello <b>desk</b>',
      createdAt: 1,
    }
    const entries: EventEntry[] = ids.map((userId, i) => ({
      userId,
      event: {
        kind: 'message',
        channelUrl: 'ch_seq',
        message: { ...base, viewer: i % 2 } as never,
      },
    }))
    const items = await database.db.transaction((tx) => appendEvents(tx, entries, new Date()))
    for (const [i, userId] of ids.entries()) {
      const item = items.find((candidate) => candidate.userId === userId)!
      const [stored] = await eventsAfter(database.db, userId, item.seq - 1, 1)
      expect(stored).toEqual({ seq: item.seq, event: entries[i]!.event })
    }
  })
})
