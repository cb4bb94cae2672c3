// The analyst's universe read: shared by concurrent first calls, refreshed in the background after
// its time (the kept analyst answering meanwhile), and tried again after a failed first read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/index.ts'
import { finstruments } from '../../db/schema.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'
import { storedUniverseAnalyst, UNIVERSE_TTL_MS } from './analyst.ts'

let database: Database

beforeAll(async () => {
  database = await universeTestDatabase()
})

afterAll(async () => {
  await database.close()
})

const today = () => '2026-11-27'
const isinOf = 'isin of 6.54 GS 2032'

describe('the analyst over the stored universe', () => {
  it('reads once for concurrent calls, and refreshes in the background after its time', async () => {
    let now = new Date('2026-11-27T06:00:00Z')
    const analyst = storedUniverseAnalyst(database.db, () => now, today)
    const [a, b] = [analyst(), analyst()]
    expect(a).toBe(b)
    expect((await (await a).ask(isinOf)).result.value).toBe('IN0020210244')

    // Past its time: the kept analyst answers at once while the universe is read again.
    now = new Date(now.getTime() + UNIVERSE_TTL_MS + 1)
    expect(analyst()).toBe(a)
    await expect.poll(() => analyst() !== a).toBe(true)
    expect((await (await analyst()).ask(isinOf)).result.value).toBe('IN0020210244')
  })

  it('tries again after a failed first read', async () => {
    const closed = await universeTestDatabase()
    await closed.close()
    const failing = storedUniverseAnalyst(closed.db, () => new Date(), today)
    await expect(failing()).rejects.toThrow()
    const again = failing()
    await expect(again).rejects.toThrow()
    expect(failing()).not.toBe(again)
    // The rows are there in a live database.
    expect((await database.db.select().from(finstruments).limit(1)).length).toBe(1)
  })
})
