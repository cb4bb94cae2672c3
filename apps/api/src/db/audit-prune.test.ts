import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { audit, verifyAuditChain } from './audit.ts'
import { auditAnchor, pruneAuditLog } from './audit-prune.ts'
import type { Database } from './client.ts'
import { auditLog } from './schema.ts'
import { testDatabase } from './testing.ts'

let database: Database

beforeEach(async () => {
  database = await testDatabase()
})

afterEach(async () => {
  await database.close()
})

const NOW = new Date('2034-06-01T00:00:00Z')

/** An entry written at `at` (the chain's trigger hashes the time given). */
async function entryAt(at: string, n: number) {
  await database.db
    .insert(auditLog)
    .values({ action: 'ticket_created', actorUserId: 'u1', at: new Date(at), detail: { n } })
}

const actions = async () =>
  (await database.db.select().from(auditLog).orderBy(auditLog.id)).map((r) => [
    r.action,
    (r.detail as { n?: number } | null)?.n ?? null,
  ])

describe(`audit log pruning (${process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite'})`, () => {
  it('prunes the entries past 8 years from the chain’s start and keeps the chain provable', async () => {
    await entryAt('2025-01-10T10:00:00Z', 1)
    await entryAt('2026-05-31T10:00:00Z', 2)
    await entryAt('2026-06-02T10:00:00Z', 3)
    await entryAt('2030-01-01T10:00:00Z', 4)
    expect(await verifyAuditChain(database.db)).toBeNull()

    const result = await pruneAuditLog(database.db, NOW)
    expect(result.pruned).toBe(2)
    expect(result.anchor).toMatchObject({ pruned: 2, cutoff: '2026-06-01T00:00:00.000Z' })
    // The two younger than 8 years stay, and the pruning itself is on the record.
    expect(await actions()).toEqual([
      ['ticket_created', 3],
      ['ticket_created', 4],
      ['audit_pruned', null],
    ])
    const [pruned] = (await database.db.select().from(auditLog)).filter(
      (r) => r.action === 'audit_pruned',
    )
    expect(pruned?.detail).toMatchObject({ pruned: 2, retention_years: 8 })
    // The first kept entry links to the anchor: the chain still proves every kept entry.
    expect(await verifyAuditChain(database.db)).toBeNull()

    // A second run finds nothing more; a later one prunes all but the newest entry (the record
    // of the first run is written today, so it is past retention in 2038 too: it stays as the
    // newest) and the count carries on.
    expect((await pruneAuditLog(database.db, NOW)).pruned).toBe(0)
    const later = await pruneAuditLog(database.db, new Date('2038-06-01T00:00:00Z'))
    expect(later).toMatchObject({ pruned: 2, anchor: { pruned: 4 } })
    expect(await actions()).toEqual([
      ['audit_pruned', null],
      ['audit_pruned', null],
    ])
    expect(await verifyAuditChain(database.db)).toBeNull()
  })

  it('never prunes past a younger entry, even with older ones after it', async () => {
    await entryAt('2025-01-10T10:00:00Z', 1)
    await entryAt('2033-01-01T10:00:00Z', 2)
    await entryAt('2025-02-10T10:00:00Z', 3)
    expect((await pruneAuditLog(database.db, NOW)).pruned).toBe(1)
    expect((await actions()).slice(0, 2)).toEqual([
      ['ticket_created', 2],
      ['ticket_created', 3],
    ])
  })

  it('does nothing to a log younger than its retention', async () => {
    await audit(database.db, { actor: null, action: 'sign_in' })
    expect(await pruneAuditLog(database.db, new Date())).toEqual({ pruned: 0, anchor: null })
    expect(await auditAnchor(database.db)).toBeNull()
  })

  it('leaves the log append-only after a run, and shows a kept entry removed behind its back', async () => {
    await entryAt('2025-01-10T10:00:00Z', 1)
    await entryAt('2030-01-01T10:00:00Z', 2)
    await entryAt('2031-01-01T10:00:00Z', 3)
    await pruneAuditLog(database.db, NOW)
    await expect(database.db.delete(auditLog)).rejects.toThrow()
    // The owner removes the first kept entry: its successor no longer links to the anchor's chain.
    const [first] = await database.db.select().from(auditLog).orderBy(auditLog.id).limit(1)
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`)
    await database.db.execute(sql`delete from audit_log where id = ${first!.id}`)
    await database.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`)
    expect(await verifyAuditChain(database.db)).toMatchObject({
      problem: 'previous entry changed or removed',
    })
  })
})
