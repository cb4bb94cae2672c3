// Test databases: PGlite in memory by default; a fresh schema on a real PostgreSQL server when
// TEST_DATABASE_URL is set (the npm test run starts one; see scripts/with-postgres.mjs).
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Database } from './client.ts'
import type { finstruments } from './schema.ts'

/** A finstrument row for tests: 6.54% GS 2032, as the universe import stores it (trimmed). */
export const TEST_GSEC_2032 = {
  id: 'IN0020210244',
  isin: 'IN0020210244',
  displayName: '6.54% GS 2032',
  issuer: 'Government of India',
  securityType: 'GSEC',
  category: 'Government',
  couponRate: 0.0654,
  frequency: 2,
  convention: 'GSEC',
  dayCount: '30E/360',
  maturityDate: '2032-01-17',
  faceValue: 100,
  source: 'test',
  searchText: '6.54% gs 2032 in0020210244 government of india gs',
} satisfies typeof finstruments.$inferInsert

/** A migrated database for one test file; close() drops what it created. */
export async function testDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return openDatabase({ inMemory: true })
  const schemaName = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schemaName}`)
  const database = await openDatabase({ databaseUrl: url, searchPath: schemaName })
  return {
    ...database,
    async close() {
      await database.close()
      await admin.query(`DROP SCHEMA ${schemaName} CASCADE`)
      await admin.end()
    },
  }
}
