// The embedded database (PGlite under DATA_DIR) is one process's at a time: two processes writing
// one folder lose each other's writes or corrupt it. The process that opens it writes its pid to
// `<DATA_DIR>/pglite.lock` and removes it on close; another process finds a live pid there and is
// refused with what to do. A lock left by a process that died is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The embedded database is open in another live process. */
export class DatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running server?). ` +
        'Stop that process first, or point both at PostgreSQL with DATABASE_URL.',
    )
    this.name = 'DatabaseInUseError'
  }
}

/** Whether a process with this pid is running (one we may not signal is running too). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Take the embedded database of `dataDir` for this process; answers how to let it go. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = join(dataDir, 'pglite.lock')
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 })
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let holder = 0
    try {
      holder = Number(readFileSync(file, 'utf8').trim())
    } catch {
      // Removed between our write and our read: try again.
    }
    // This process reopening its own database (a restart within one process) is not a conflict.
    if (holder > 0 && holder !== process.pid && alive(holder)) {
      throw new DatabaseInUseError(dataDir, holder)
    }
    rmSync(file, { force: true })
  }
  throw new Error(`could not take the embedded database lock ${file}`)
}
