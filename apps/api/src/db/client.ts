// Opens the database: PGlite persisted under DATA_DIR by default, or a PostgreSQL server through
// node-postgres when DATABASE_URL is set. Same schema and migrations on both; applied on open.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { restrictTree } from '../data-dir.ts'
import { lockEmbeddedDatabase } from './embedded-lock.ts'
import * as chatSchema from './chat-schema.ts'
import * as baseSchema from './schema.ts'

/** Every table: the server's and the chat service's. */
const schema = { ...baseSchema, ...chatSchema }

/** The drizzle database both drivers give, typed with the schema. */
export type Db = PgDatabase<
  PgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>

/** An open database and how to close it. */
export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
  /** PGlite only: its data folder as a tarball (a template for the next database). */
  dumpDataDir?: () => Promise<Blob>
}

/** Where to open the database. */
export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string
  /** PGlite data folder parent (`<dataDir>/pglite`); ignored with databaseUrl. */
  dataDir?: string
  /** PGlite in memory (tests). */
  inMemory?: boolean
  /**
   * An in-memory PGlite starts from this data folder (a `dumpDataDir` tarball, tests' migrated
   * template) instead of running initdb, which costs seconds per database.
   */
  template?: Blob
  /** Told about connection errors of idle PostgreSQL clients. */
  onError?: (error: Error) => void
  /**
   * How long a new PostgreSQL connection may take to open (default CONNECT_TIMEOUT_MS). Tests on a
   * loaded machine allow longer: forking a backend there can take over a second.
   */
  connectTimeoutMs?: number
}

/** The advisory lock PostgreSQL migrations run under (any fixed number, ours alone). */
const MIGRATION_LOCK_KEY = 7_201_126

/** The folder of committed migrations, from src/ or from the bundled dist/. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 8; i += 1) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return join(dir, 'drizzle')
    dir = dirname(dir)
  }
  throw new Error('apps/api/drizzle/meta/_journal.json not found')
}

/** How long a new connection to PostgreSQL may take to open before the request is a 503. */
export const CONNECT_TIMEOUT_MS = 800
/** How long a request may wait for a free connection of the pool before it is a 503. */
export const POOL_WAIT_MS = 10_000

/** Open the database and apply every migration not yet applied. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A burst waits its turn for one of the ten connections (a chat burst, sockets
      // reconnecting together); only a wait this long is given up as a 503.
      connectionTimeoutMillis: POOL_WAIT_MS,
      // A database that does not answer fails the request within a second (a 503 with
      // Retry-After), instead of holding it until the client gives up: each new connection has
      // that long to open, whatever the pool's wait.
      Client: class extends pg.Client {
        constructor(config?: string | pg.ClientConfig) {
          super({
            ...(typeof config === 'string' ? { connectionString: config } : config),
            connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
          })
        }
      },
    })
    // An idle client losing its connection (server restart, failover) must not crash the
    // process; the pool replaces it and the next query reports the failure to its caller.
    pool.on('error', (error) => options.onError?.(error))
    const db = drizzleNodePg({ client: pool, schema })
    // One migrator at a time per database: instances (or test files) starting together would
    // otherwise race on what is shared, e.g. `CREATE EXTENSION IF NOT EXISTS`, which is not safe
    // against a concurrent twin. A session advisory lock on one connection serialises them.
    const lockClient = await pool.connect()
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      await migrateNodePg(drizzleNodePg({ client: lockClient, schema }), {
        migrationsFolder: migrationsFolder(),
      })
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
      lockClient.release()
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() }
  }
  let path: string | undefined
  let unlock = () => {}
  if (!options.inMemory) {
    if (!options.dataDir) throw new Error('openDatabase needs dataDir, databaseUrl or inMemory')
    path = join(options.dataDir, 'pglite')
    mkdirSync(path, { recursive: true, mode: 0o700 })
    unlock = lockEmbeddedDatabase(options.dataDir)
  }
  try {
    const client =
      path === undefined && options.template
        ? await PGlite.create({ extensions: { pg_trgm }, loadDataDir: options.template })
        : await PGlite.create(path, { extensions: { pg_trgm } })
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder: migrationsFolder() })
    // PGlite writes its files 0666; the server's umask (SERVER_UMASK) covers the ones made later.
    if (path !== undefined) restrictTree(path)
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close()
        unlock()
      },
      dumpDataDir: async () => client.dumpDataDir('none'),
    }
  } catch (error) {
    unlock()
    throw error
  }
}
