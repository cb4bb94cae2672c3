// Test databases: PGlite in memory by default; a fresh schema on a real PostgreSQL server when
// TEST_DATABASE_URL is set (the npm test run starts one; see scripts/with-postgres.mjs).
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Database } from './client.ts'

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
