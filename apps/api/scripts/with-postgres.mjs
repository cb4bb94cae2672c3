#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster from Debian's `postgresql` package:
// initdb in a temp folder, start on a free loopback port, run the command with
// TEST_DATABASE_URL set, then stop and remove the cluster (also on failure or a signal).
// usage: node scripts/with-postgres.mjs <command> [args…]
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { commandFromArgs, freePort, runThenExit } from './service-runner.mjs'

function findBin() {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  for (const v of versions)
    if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin')
  return null
}

const bin = findBin()
if (!bin) {
  console.error(
    'with-postgres: PostgreSQL is not installed (Debian package `postgresql`); npm test installs it',
  )
  process.exit(1)
}
const command = commandFromArgs('with-postgres.mjs')

const asRoot = process.getuid?.() === 0
const dir = mkdtempSync(join(tmpdir(), 'bonds-pg-'))
chmodSync(dir, 0o777)
const data = join(dir, 'data')
const port = await freePort()
const pgAs = (tool, args) =>
  asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
    : execFileSync(join(bin, tool), args, { stdio: 'pipe' })

let started = false
function cleanup() {
  if (started) {
    try {
      pgAs('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
    } catch {
      // already stopped
    }
    started = false
  }
  rmSync(dir, { recursive: true, force: true })
}

try {
  pgAs('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'])
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
  pgAs('pg_ctl', ['-D', data, '-o', options, '-w', '-l', join(dir, 'log'), 'start'])
  started = true
} catch (error) {
  console.error(`with-postgres: could not start PostgreSQL: ${error.stderr?.toString() ?? error}`)
  cleanup()
  process.exit(1)
}

const url = `postgres://postgres@127.0.0.1:${port}/postgres`
console.log(`with-postgres: PostgreSQL on 127.0.0.1:${port}`)
runThenExit(command, { TEST_DATABASE_URL: url, DATABASE_URL: url }, cleanup)
