// The embedded database is one process's at a time: a live process's lock refuses another (with
// what to do), a dead one's is taken over, and closing lets it go.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from './client.ts'
import { DatabaseInUseError, lockEmbeddedDatabase } from './embedded-lock.ts'

const dirs: string[] = []
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bonds-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Another live process (it sleeps until killed). */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' })
  return { pid: child.pid ?? 0, stop: () => child.kill('SIGKILL') }
}

// The embedded database only: the PostgreSQL run of the API tests has nothing to add here.
describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database lock', () => {
  it('refuses a database another live process holds, and says what to do', () => {
    const dir = fresh()
    const other = otherProcess()
    try {
      writeFileSync(join(dir, 'pglite.lock'), String(other.pid))
      expect(() => lockEmbeddedDatabase(dir)).toThrow(DatabaseInUseError)
      expect(() => lockEmbeddedDatabase(dir)).toThrow(
        `is in use by process ${other.pid} (a running server?). Stop that process first`,
      )
    } finally {
      other.stop()
    }
  })

  it('takes over the lock of a process that died, and lets it go on release', async () => {
    const dir = fresh()
    const other = otherProcess()
    other.stop()
    await new Promise((resolve) => setTimeout(resolve, 200))
    writeFileSync(join(dir, 'pglite.lock'), String(other.pid))
    const release = lockEmbeddedDatabase(dir)
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(true)
    release()
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false)
  })

  it('is taken by openDatabase on a data dir and released by close', async () => {
    const dir = fresh()
    const database = await openDatabase({ dataDir: dir })
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(true)
    await database.close()
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false)
  })
})
