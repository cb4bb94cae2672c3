// Test databases: PGlite in memory by default; a database of its own on a real PostgreSQL server
// when TEST_DATABASE_URL is set (the npm test run starts one; see scripts/with-postgres.mjs). Both
// start from a template: migrated, and holding what the test file asks for (TestTemplate).
import { createHash, randomBytes } from 'node:crypto'
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
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

/** What the migrations are: their files and the installed PGlite (a dump is only good for it). */
function migrationsKey(): string {
  // "2": dumps without the spare WAL segments.
  const hash = createHash('sha256').update(`${pgliteVersion()} 3`)
  const folder = migrationsFolder()
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      )
      .sort()
  for (const file of files(folder))
    hash.update(file.slice(folder.length)).update(readFileSync(file))
  return hash.digest('hex').slice(0, 16)
}

/**
 * What a test database holds beyond the migrations (the bond universe, say), made once per run and
 * machine and copied for each test file that asks for it.
 */
export interface TestTemplate {
  /** Names the content: everything it depends on (files, code, today's date), hashed. */
  key: string
  /** Writes the content into a freshly migrated database. */
  prepare(db: Database['db']): Promise<void>
}

/** The name a template goes by: the migrations' key, then the content's. */
function templateName(template: TestTemplate | undefined): string {
  const content = template
    ? `-${createHash('sha256').update(template.key).digest('hex').slice(0, 12)}`
    : ''
  return `${migrationsKey()}${content}`
}

/** A WAL segment's file in a data folder: `pg_wal/` and 24 hex digits. */
const WAL_SEGMENT = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/

/**
 * The database's data folder without the WAL segments PostgreSQL keeps for reuse: after a
 * checkpoint nothing before the current segment is needed and what follows it is recycled space,
 * yet each is 16 MB (importing the universe leaves 21 of them, 9 tenths of the folder).
 */
async function withoutSpareWal(database: Database): Promise<Blob> {
  const currentSegment = async () => {
    const result = await database.db.execute(
      sql`SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS name`,
    )
    return (result as unknown as { rows: { name: string }[] }).rows[0]?.name
  }
  await database.db.execute(sql`CHECKPOINT`)
  const blob = await database.dumpDataDir!()
  // Asked after the dump, so a segment its own checkpoint reached is kept.
  const last = await currentSegment()
  if (!last) return blob
  const dump = Buffer.from(await blob.arrayBuffer())
  // A tar: 512-byte headers (name at 0, ustar prefix at 345, octal size at 124), data padded to 512.
  const kept: Buffer[] = []
  let at = 0
  while (at + 512 <= dump.length && dump[at] !== 0) {
    const header = dump.subarray(at, at + 512)
    const text = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('latin1')
        .replace(/\0.*$/s, '')
    const path = [text(345, 155), text(0, 100)].filter(Boolean).join('/')
    const size = Number.parseInt(text(124, 12).trim() || '0', 8)
    const end = at + 512 + Math.ceil(size / 512) * 512
    const segment = WAL_SEGMENT.exec(path)?.[1]
    if (!segment || segment <= last) kept.push(dump.subarray(at, end))
    at = end
  }
  kept.push(Buffer.alloc(1024))
  return new Blob(kept)
}

const pgliteTemplates = new Map<string, Promise<Blob>>()

/**
 * A PGlite data folder, migrated and prepared, made once and kept in the temp folder for every
 * test file of the run (and the next run, while its name holds): starting from it skips initdb
 * and the preparation, seconds per database on a 2-core machine.
 */
function pgliteTemplate(template: TestTemplate | undefined): Promise<Blob> {
  const name = templateName(template)
  let made = pgliteTemplates.get(name)
  if (!made) {
    made = makeOnce(join(tmpdir(), 'bonds-test-pglite', `${name}.tar`), async () => {
      const database = template
        ? await openDatabase({ inMemory: true, template: await pgliteTemplate(undefined) })
        : await openDatabase({ inMemory: true })
      await template?.prepare(database.db)
      const dump = await withoutSpareWal(database)
      await database.close()
      return dump
    })
    pgliteTemplates.set(name, made)
  }
  return made
}

/** How long a template's maker may hold its lock before a test file takes it over (a crash). */
const TEMPLATE_LOCK_STALE_MS = 5 * 60_000

/**
 * The template in `file`, made by the first test file of the run's workers to need it (it takes
 * `<file>.lock`) while the others wait for it: two making it side by side took each twice as long.
 */
async function makeOnce(file: string, make: () => Promise<Blob>): Promise<Blob> {
  mkdirSync(dirname(file), { recursive: true })
  const lock = `${file}.lock`
  for (;;) {
    if (existsSync(file)) return new Blob([readFileSync(file)])
    try {
      closeSync(openSync(lock, 'wx'))
    } catch {
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      if (Date.now() - since > TEMPLATE_LOCK_STALE_MS) rmSync(lock, { force: true })
      await new Promise((resolve) => setTimeout(resolve, 200))
      continue
    }
    try {
      const dump = await make()
      // Written aside and renamed, so a test file running beside never reads half a template.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, file)
      return dump
    } finally {
      rmSync(lock, { force: true })
    }
  }
}

/** The connection string of another database on the same PostgreSQL server. */
function onDatabase(url: string, name: string): string {
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

/**
 * How long a test database's new connection may take to open: the product's 800 ms (decision 303)
 * is for a server; forking a backend on a loaded test machine can take longer.
 */
const TEST_CONNECT_TIMEOUT_MS = 10_000

/**
 * A PostgreSQL template database, migrated and prepared, made once per server: the first test
 * file to need it makes it under an advisory lock while the others wait.
 */
async function postgresTemplate(
  admin: pg.Client,
  url: string,
  template: TestTemplate | undefined,
): Promise<string> {
  const name = `template_${templateName(template)}`.replaceAll('-', '_')
  const lock = Number.parseInt(createHash('sha256').update(name).digest('hex').slice(0, 8), 16)
  await admin.query('SELECT pg_advisory_lock($1)', [lock])
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) {
      const base = template ? await postgresTemplate(admin, url, undefined) : undefined
      await admin.query(`CREATE DATABASE ${name}${base ? ` TEMPLATE ${base}` : ''}`)
      const database = await openDatabase({
        databaseUrl: onDatabase(url, name),
        connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS,
      })
      try {
        await template?.prepare(database.db)
      } finally {
        await database.close()
      }
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [lock])
  }
  return name
}

/**
 * A migrated database for one test file, holding the template's content when one is given; close()
 * drops what it made. PGlite in memory by default; its own database on the PostgreSQL server of
 * TEST_DATABASE_URL when set (copied from a template database).
 */
export async function testDatabase(template?: TestTemplate): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return openDatabase({ inMemory: true, template: await pgliteTemplate(template) })
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  const name = `test_${randomBytes(6).toString('hex')}`
  try {
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(admin, url, template)}`,
    )
  } catch (error) {
    await admin.end()
    throw error
  }
  const database = await openDatabase({
    databaseUrl: onDatabase(url, name),
    connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS,
  })
  return {
    ...database,
    async close() {
      await database.close()
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}
