// Installs what a fresh machine lacks. Node built-ins only: this runs before `pnpm install`.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'

/** The pnpm the workspace is pinned to (package.json "packageManager"); 12.x runs on Node 20. */
export const PNPM_VERSION = '12.21.0'
/** Debian's Chromium, the only browser the end-to-end tests drive. */
export const CHROMIUM = '/usr/bin/chromium'

/** Run a command, inheriting stdio; returns its exit status. */
export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', ...options })
  if (result.error) {
    console.error(`[bootstrap] ${cmd}: ${result.error.message}`)
    return 1
  }
  return result.status ?? 1
}

function quiet(cmd, args) {
  const result = spawnSync(cmd, args, { encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim() : null
}

function log(message) {
  console.log(`[bootstrap] ${message}`)
}

/** Make sure `pnpm` at the pinned major is on PATH, installing it with npm when it is not. */
export function ensurePnpm() {
  const version = quiet('pnpm', ['--version'])
  if (version && version.split('.')[0] === PNPM_VERSION.split('.')[0]) return
  log(`installing pnpm@${PNPM_VERSION} with npm (found ${version ?? 'none'})`)
  if (
    run('npm', ['install', '--global', '--no-fund', '--no-audit', `pnpm@${PNPM_VERSION}`]) !== 0
  ) {
    throw new Error('could not install pnpm; install it with `npm i -g pnpm@12.21.0` and retry')
  }
}

/** Install the workspace's dependencies from the lockfile (a no-op in a second when up to date). */
export function ensureDependencies() {
  log('pnpm install --frozen-lockfile')
  if (
    run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only']) !==
    0
  ) {
    throw new Error('pnpm install failed')
  }
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0
}

/** Install Debian packages that are missing (as root, or through passwordless sudo). */
export function ensureDebianPackages(packages, probe) {
  const missing = packages.filter((_, i) => !probe[i]())
  if (missing.length === 0) return
  log(`installing Debian packages: ${missing.join(' ')}`)
  const prefix = isRoot() ? [] : ['sudo', '-n']
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const apt = (args) =>
    prefix.length
      ? run(prefix[0], [...prefix.slice(1), 'apt-get', ...args], { env })
      : run('apt-get', args, { env })
  if (
    apt(['update', '-qq']) !== 0 ||
    apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]) !== 0
  ) {
    throw new Error(`could not install ${missing.join(' ')} with apt-get; install them and retry`)
  }
}

function hasPostgres() {
  if (!existsSync('/usr/lib/postgresql')) return false
  return readdirSync('/usr/lib/postgresql').some((v) =>
    existsSync(`/usr/lib/postgresql/${v}/bin/initdb`),
  )
}

/**
 * Make sure the test tools from Debian are installed: chromium (never a test tool's own browser
 * download), PostgreSQL and Redis servers for the API's runs against real services, and poppler's
 * pdftotext, which reads the generated PDFs back as a PDF reader does.
 */
export function ensureTestTools() {
  ensureDebianPackages(
    ['chromium', 'postgresql', 'redis-server', 'poppler-utils'],
    [
      () => existsSync(CHROMIUM),
      hasPostgres,
      () => existsSync('/usr/bin/redis-server'),
      () => existsSync('/usr/bin/pdftotext'),
    ],
  )
}
