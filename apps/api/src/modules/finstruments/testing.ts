// Test databases holding the bond universe, as a demo-mode server imports it on start: imported
// once per run and machine into a template (seconds on a 2-core machine), then copied per file.
import { todayInIndia } from '@bonds/pricing'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from '../../db/index.ts'
import { testDatabase, type TestTemplate } from '../../db/testing.ts'
import { importUniverse, universeFingerprint } from './use-cases/import-universe.ts'

/** The source files (tests aside) under a folder, sorted. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/**
 * The universe template: its key holds the universe files, the code that reads and prices them (this
 * module and `@bonds/pricing`) and India's date, which decides what has matured.
 */
function universeTemplate(): TestTemplate {
  const here = fileURLToPath(new URL('.', import.meta.url))
  const pricing = fileURLToPath(new URL('../../../../../packages/pricing/src/', import.meta.url))
  const hash = createHash('sha256').update(universeFingerprint()).update(todayInIndia(new Date()))
  for (const file of [...sources(here), ...sources(pricing)]) hash.update(readFileSync(file))
  return {
    key: `universe ${hash.digest('hex')}`,
    prepare: async (db) => {
      await importUniverse(db)
    },
  }
}

/**
 * A migrated test database holding the bond universe as of today: a demo-mode app built on it finds
 * the universe imported and goes straight on to the demo accounts. For a test whose clock is
 * another day, import it on that day instead (`testDatabase()` and the app's clock).
 */
export function universeTestDatabase(): Promise<Database> {
  return testDatabase(universeTemplate())
}
