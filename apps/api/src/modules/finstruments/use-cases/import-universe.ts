// The operator imports (or refreshes) the bond universe: demo mode on start, production on
// purpose (`main.js import-universe`). Nothing is written when this database already holds this
// version of the files and the import.
import { todayInIndia } from '@bonds/pricing'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from '../../../db/index.ts'
import { readMeta, upsertFinstruments, writeMeta } from '../import-repo.ts'
import { defaultDataDir, loadUniverse } from '../universe.ts'

/**
 * Version of what the import writes: raised when it writes more (or other) columns from the same
 * files, so a database imported by an older server is imported again. 2: indicative yields.
 * 3: maturity years.
 */
const IMPORT_VERSION = 3

/** A fingerprint of the universe files and the import, so a change to either imports again. */
export function universeFingerprint(dataDir: string = defaultDataDir()): string {
  const hash = createHash('sha256')
  hash.update(`import ${IMPORT_VERSION}\n`)
  for (const name of ['raw/gsec-sdl-2022-05.csv', 'raw/corporate-bonds.csv', 'hand-checked.csv']) {
    hash.update(readFileSync(join(dataDir, name)))
  }
  return hash.digest('hex')
}

/**
 * Import the universe unless this database already holds this version of it; `now` decides which
 * bonds have matured (India's date). Returns how many records were written (0 when up to date).
 */
export async function importUniverse(
  db: Db,
  dataDir: string = defaultDataDir(),
  now: Date = new Date(),
): Promise<number> {
  const fingerprint = universeFingerprint(dataDir)
  const stored = (await readMeta(db, 'universe')) as { fingerprint?: string } | undefined
  if (stored?.fingerprint === fingerprint) return 0
  const records = loadUniverse({ dataDir, asOf: todayInIndia(now) })
  await upsertFinstruments(db, records)
  await writeMeta(db, 'universe', {
    fingerprint,
    rows: records.length,
    importedAt: now.toISOString(),
  })
  return records.length
}
