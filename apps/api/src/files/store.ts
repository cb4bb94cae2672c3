// Stored files (information memoranda, later uploads) behind one small interface: local disk under
// DATA_DIR/files by default; an S3-compatible store can implement the same interface.
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'

/** Where files live: keys are relative paths such as `im/IN0020210244/<uuid>.pdf`. */
export interface FileStore {
  /** Store bytes under a key (replacing any file there). */
  put(key: string, bytes: Uint8Array): Promise<void>
  /** The bytes under a key, or null when there is none. */
  get(key: string): Promise<Buffer | null>
  /** Remove the file under a key (no error when it is already gone). */
  remove(key: string): Promise<void>
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

/** Files on local disk under a root folder (DATA_DIR/files); writes are atomic (temp + rename). */
export function localFileStore(root: string): FileStore {
  const base = resolve(root)
  const pathOf = (key: string) => {
    const path = resolve(base, key)
    if (!KEY.test(key) || key.includes('..') || !path.startsWith(base + sep)) {
      throw new Error(`invalid file key "${key}"`)
    }
    return path
  }
  return {
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      const temp = join(dirname(path), `.${randomUUID()}.tmp`)
      await writeFile(temp, bytes, { mode: 0o600 })
      await rename(temp, path)
    },
    async get(key) {
      try {
        return await readFile(pathOf(key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
