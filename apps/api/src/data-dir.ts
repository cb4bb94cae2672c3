// DATA_DIR holds the embedded database, uploaded files and generated secrets: nobody but the
// server's own user may read or change any of it (decision 190).
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The umask the server runs under: what it creates is readable and writable by its user alone. */
export const SERVER_UMASK = 0o077

/** Permission bits other users get; none of them may be set below DATA_DIR. */
const OTHERS = 0o077

/**
 * Create DATA_DIR (0700) if it is missing. An existing folder is the operator's and keeps its mode;
 * the answer is a warning to log when other users may write to it, else null.
 */
export function prepareDataDir(dir: string): string | null {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const mode = lstatSync(dir).mode & 0o777
  return mode & 0o022
    ? `DATA_DIR ${dir} is writable by other users (mode ${mode.toString(8)}); chmod 700 it`
    : null
}

/**
 * Take every group and world permission off a folder and everything under it. The embedded
 * database writes its files 0666 whatever the umask, so its folder is tightened after it opens.
 */
export function restrictTree(dir: string): void {
  const stat = lstatSync(dir)
  if (stat.isSymbolicLink()) return
  if (stat.mode & OTHERS) chmodSync(dir, stat.mode & 0o777 & ~OTHERS)
  if (!stat.isDirectory()) return
  for (const name of readdirSync(dir)) restrictTree(join(dir, name))
}
