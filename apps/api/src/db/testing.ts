// Test databases: PGlite in memory by default; a fresh schema on a real PostgreSQL server when
// TEST_DATABASE_URL is set (the npm test run starts one; see scripts/with-postgres.mjs).
import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { migrationsFolder, openDatabase, type Database } from './client.ts'
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

/** The installed PGlite's version (a template is only good for the PGlite that wrote it). */
function pgliteVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')))
  for (let i = 0; i < 6; i += 1) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (pkg.name === '@electric-sql/pglite') return pkg.version ?? ''
    }
    dir = dirname(dir)
  }
  return ''
}

/** Where the migrated template for these migrations and this PGlite is kept between test files. */
function templateFile(): string {
  const hash = createHash('sha256').update(pgliteVersion())
  const folder = migrationsFolder()
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      )
      .sort()
  for (const file of files(folder))
    hash.update(file.slice(folder.length)).update(readFileSync(file))
  return join(tmpdir(), 'bonds-test-pglite', `${hash.digest('hex').slice(0, 16)}.tar`)
}

let template: Promise<Blob> | undefined

/**
 * A freshly migrated PGlite data folder, made once and shared by every test file of the run (and
 * the next run, while the migrations and PGlite stay the same): starting from it skips initdb,
 * seconds per database on a 2-core machine.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = templateFile()
    if (existsSync(file)) return new Blob([readFileSync(file)])
    const database = await openDatabase({ inMemory: true })
    const dump = await database.dumpDataDir!()
    await database.close()
    mkdirSync(dirname(file), { recursive: true })
    // Written aside and renamed, so a test file running beside never reads half a template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
    return dump
  })()
  return template
}

/** A migrated database for one test file; close() drops what it created. */
export async function testDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return openDatabase({ inMemory: true, template: await migratedTemplate() })
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
