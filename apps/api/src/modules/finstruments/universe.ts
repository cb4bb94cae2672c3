// The bond universe from the files in apps/api/data (see data/PROVENANCE.md): government
// securities from NSDL's list, corporate bonds from SEBI portfolio disclosures, and hand-checked
// securities that fill in or add newer issues. Pure and deterministic for a given `asOf` date.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseCsv } from './csv.ts'
import type { FinstrumentRecord } from './universe-record.ts'
import { corporate, government, handChecked } from './universe-sources.ts'

export { BOND_CATEGORIES, SECURITY_TYPES, searchText } from './universe-record.ts'
export type { BondCategory, FinstrumentRecord, SecurityType } from './universe-record.ts'

/** The folder holding `PROVENANCE.md` and `raw/`, from src/ or from the bundled dist/. */
export function defaultDataDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 8; i += 1) {
    if (existsSync(join(dir, 'data', 'PROVENANCE.md'))) return join(dir, 'data')
    dir = dirname(dir)
  }
  throw new Error('apps/api/data/PROVENANCE.md not found')
}

/** Options of loadUniverse. */
export interface LoadUniverseOptions {
  /** Folder with PROVENANCE.md, raw/ and hand-checked.csv (default: apps/api/data). */
  dataDir?: string
  /** ISO date that decides which securities have matured. */
  asOf: string
}

/** Read the whole universe: one record per ISIN, sorted by ISIN. */
export function loadUniverse({
  dataDir = defaultDataDir(),
  asOf,
}: LoadUniverseOptions): FinstrumentRecord[] {
  const read = (name: string) => parseCsv(readFileSync(join(dataDir, name), 'utf8'))
  const byIsin = new Map<string, FinstrumentRecord>()
  for (const row of read('raw/gsec-sdl-2022-05.csv')) {
    if (row.isin) byIsin.set(row.isin, government(row, asOf))
  }
  for (const row of read('raw/corporate-bonds.csv')) {
    if (row.isin && !byIsin.has(row.isin)) byIsin.set(row.isin, corporate(row, asOf))
  }
  for (const row of read('hand-checked.csv')) {
    if (row.isin) byIsin.set(row.isin, handChecked(row, byIsin.get(row.isin), asOf))
  }
  return [...byIsin.values()].sort((a, b) => (a.isin < b.isin ? -1 : a.isin > b.isin ? 1 : 0))
}
