import { eq, sql } from 'drizzle-orm'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONNECT_TIMEOUT_MS, openDatabase, type Database } from './client.ts'
import { audit, verifyAuditChain, type AuditAction } from './audit.ts'
import { appMeta, auditLog, finstruments } from './schema.ts'
import { TEST_GSEC_2032, testDatabase } from './testing.ts'

let database: Database

beforeAll(async () => {
  database = await testDatabase()
})

afterAll(async () => {
  await database.close()
})

const bond = TEST_GSEC_2032

describe(`database (${process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite'})`, () => {
  it('applies the migrations and stores a finstrument', async () => {
    await database.db.insert(finstruments).values(bond)
    const [row] = await database.db
      .select()
      .from(finstruments)
      .where(eq(finstruments.isin, bond.isin))
    expect(row).toMatchObject({
      displayName: '6.54% GS 2032',
      maturityDate: '2032-01-17',
      calls: [],
    })
  })

  it('migrates databases opened at the same moment (instances or test files starting together)', async () => {
    const opened = await Promise.all([testDatabase(), testDatabase(), testDatabase()])
    for (const other of opened) {
      await other.db.insert(finstruments).values(bond)
      await other.close()
    }
  })

  it('has the trigram index for search', async () => {
    const result = await database.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'finstruments_search_trgm'`,
    )
    expect(JSON.stringify(result)).toContain('gin_trgm_ops')
    const found = await database.db
      .select({ id: finstruments.id })
      .from(finstruments)
      .where(sql`${finstruments.searchText} ilike ${'%gs 2032%'}`)
    expect(found).toEqual([{ id: bond.id }])
  })

  it('keeps the audit log append-only', async () => {
    await database.db
      .insert(auditLog)
      .values({ action: 'sign_in', actorUserId: 'u1', ip: '127.0.0.1' })
    await expect(database.db.update(auditLog).set({ action: 'tampered' })).rejects.toThrow()
    await expect(database.db.delete(auditLog)).rejects.toThrow()
    const rows = await database.db.select().from(auditLog)
    expect(rows.map((r) => r.action)).toEqual(['sign_in'])
  })

  it('chains the audit log, so an entry changed or removed behind the trigger shows', async () => {
    for (const action of ['sign_in', 'ticket_created', 'trade_reported']) {
      await audit(database.db, { actor: null, action: action as AuditAction, detail: { n: 1 } })
    }
    const rows = await database.db.select().from(auditLog).orderBy(auditLog.id)
    expect(rows.length).toBeGreaterThanOrEqual(3)
    for (const [i, row] of rows.entries()) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/)
      expect(row.prevHash).toBe(i === 0 ? null : rows[i - 1]?.hash)
    }
    expect(await verifyAuditChain(database.db)).toBeNull()

    // Someone with the database's owner rights edits an entry, then removes one.
    const middle = rows[rows.length - 2]!
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`)
    try {
      await database.db.execute(
        sql`update audit_log set detail = '{"n":2}'::jsonb where id = ${middle.id}`,
      )
      expect(await verifyAuditChain(database.db)).toEqual({
        id: middle.id,
        problem: 'entry changed',
      })
      await database.db.execute(sql`delete from audit_log where id = ${middle.id}`)
      expect(await verifyAuditChain(database.db)).toEqual({
        id: rows[rows.length - 1]!.id,
        problem: 'previous entry changed or removed',
      })
    } finally {
      await database.db.execute(
        sql`alter table audit_log enable trigger audit_log_no_update_delete`,
      )
    }
  })
})

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite in DATA_DIR', () => {
  it('keeps data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bonds-db-'))
    try {
      const first = await openDatabase({ dataDir })
      await first.db.insert(appMeta).values({ key: 'universe', value: { rows: 1 } })
      await first.close()
      const second = await openDatabase({ dataDir })
      const rows = await second.db.select().from(appMeta)
      expect(rows).toMatchObject([{ key: 'universe', value: { rows: 1 } }])
      await second.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('the PostgreSQL pool', () => {
  it('gives up on a database that does not answer within a second, whatever the pool’s wait', async () => {
    // A port that takes the connection and never says a word (a hung or firewalled server).
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    const started = Date.now()
    try {
      await expect(
        openDatabase({ databaseUrl: `postgres://nobody@127.0.0.1:${port}/none` }),
      ).rejects.toThrow(/timeout/i)
      expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 700)
    } finally {
      silent.close()
    }
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'lets a burst wait its turn for a connection instead of refusing it',
    async () => {
      // Twenty queries of 0.5 s on ten connections: the second ten wait longer than a new
      // connection may take to open, and are answered all the same.
      const started = Date.now()
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => database.db.execute(sql`select pg_sleep(0.5)`)),
      )
      expect(answers).toHaveLength(20)
      expect(Date.now() - started).toBeGreaterThan(CONNECT_TIMEOUT_MS)
    },
  )
})
