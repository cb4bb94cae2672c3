// Secrets the server needs: from the environment when configured, else generated once and kept
// under DATA_DIR (mode 0600), so restarts keep working tokens and nothing sits in the repository.
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The secret `name`: `configured` if given, else the one stored in `<dataDir>/secrets/`. */
export function loadOrCreateSecret(dataDir: string, name: string, configured?: string): string {
  if (configured) return configured
  const dir = join(dataDir, 'secrets')
  const file = join(dir, `${name}.key`)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return secret
}
