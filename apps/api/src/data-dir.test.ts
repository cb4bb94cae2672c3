import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { readConfig } from './config.ts'
import { prepareDataDir, restrictTree, SERVER_UMASK } from './data-dir.ts'

const made: string[] = []
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bonds-data-dir-'))
  made.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Every path below a folder (itself included) whose mode gives other users anything. */
function openToOthers(dir: string): string[] {
  const found: string[] = []
  const walk = (path: string) => {
    const stat = statSync(path)
    if (stat.mode & 0o077) found.push(`${(stat.mode & 0o777).toString(8)} ${path}`)
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name))
  }
  walk(dir)
  return found
}

describe('prepareDataDir', () => {
  it('creates a missing DATA_DIR 0700 whatever the umask', () => {
    const dir = join(scratch(), 'deep', 'data')
    expect(prepareDataDir(dir)).toBeNull()
    expect(statSync(dir).mode & 0o777).toBe(0o700)
  })

  it('leaves an existing folder alone but warns when others may write to it', () => {
    const dir = scratch()
    chmodSync(dir, 0o777)
    expect(prepareDataDir(dir)).toMatch(/writable by other users \(mode 777\)/)
    expect(statSync(dir).mode & 0o777).toBe(0o777)
    chmodSync(dir, 0o750)
    expect(prepareDataDir(dir)).toBeNull()
  })
})

describe('restrictTree', () => {
  it('takes group and world permissions off everything below', () => {
    const dir = scratch()
    writeFileSync(join(dir, 'a'), 'x', { mode: 0o666 })
    chmodSync(join(dir, 'a'), 0o666)
    chmodSync(dir, 0o755)
    restrictTree(dir)
    expect(openToOthers(dir)).toEqual([])
    expect(statSync(join(dir, 'a')).mode & 0o777).toBe(0o600)
  })
})

// The embedded database's files: the PostgreSQL run of the API tests has nothing to add here.
describe.skipIf(process.env.TEST_DATABASE_URL)('a server on a fresh DATA_DIR', () => {
  it('keeps the embedded database, secrets and files to its own user', async () => {
    const dataDir = join(scratch(), 'data')
    const previous = process.umask(SERVER_UMASK)
    try {
      const app = await buildApp(
        readConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, DEMO_MODE: 'false' }),
        { web: false },
      )
      await app.ready()
      await app.close()
    } finally {
      process.umask(previous)
    }
    expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(['pglite', 'secrets']))
    expect(statSync(dataDir).mode & 0o777).toBe(0o700)
    expect(openToOthers(dataDir)).toEqual([])
  })
})
