// Files chosen for an upload, held by key outside the store: a `File` cannot be serialised into
// an action or the cache, so a mutation takes a key and reads the file here when it runs.

/** A feature's held files. */
export interface HeldFiles<T extends Blob = File> {
  /** Hold a chosen file; answers the key to upload it by. */
  hold(file: T): string
  /** The file held by `key`; `release` lets it go (the last upload of it). */
  take(key: string, release: boolean): T | undefined
}

/** Files held for one feature's uploads, keyed `{prefix}-{n}`. */
export function heldFiles<T extends Blob = File>(prefix: string): HeldFiles<T> {
  const files = new Map<string, T>()
  let count = 0
  return {
    hold(file) {
      const key = `${prefix}-${++count}`
      files.set(key, file)
      return key
    },
    take(key, release) {
      const file = files.get(key)
      if (release) files.delete(key)
      return file
    },
  }
}
