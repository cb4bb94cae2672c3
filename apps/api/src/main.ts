// Entry point: read the configuration, build the app, listen, and drain on SIGTERM/SIGINT.
import { buildApp } from './app.ts'
import { onboardFirmCommand } from './commands/onboard-firm.ts'
import { staffCommand } from './commands/staff.ts'
import { demoExposureWarning, readConfig } from './config.ts'
import { SERVER_UMASK } from './data-dir.ts'
import { DatabaseInUseError, openDatabase } from './db/index.ts'
import { importUniverse } from './modules/finstruments/index.ts'

// Before anything is created: the database, files and secrets are the server user's alone.
process.umask(SERVER_UMASK)
const config = readConfig()

/**
 * Run a step that opens the database: the embedded one open in another process (a command while
 * the server runs, a second server) ends this one with what to do, not a stack trace.
 */
async function opening<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

if (process.argv[2] === 'import-universe') {
  // Production never seeds on start; an operator imports (or refreshes) the universe on purpose.
  const database = await opening(() => openDatabase(config))
  const rows = await importUniverse(database.db)
  console.log(rows > 0 ? `imported ${rows} bonds` : 'the bond universe is up to date')
  await database.close()
  process.exit(0)
}

if (process.argv[2] === 'onboard-firm') {
  process.exit(await opening(() => onboardFirmCommand(process.argv.slice(3), config)))
}

if (process.argv[2] === 'staff') {
  process.exit(await opening(() => staffCommand(process.argv.slice(3), config)))
}

const app = await opening(() =>
  buildApp(config, config.demoDesk ? { demoDesk: { mode: 'run' } } : {}),
)

let closing = false
async function shutdown(signal: string): Promise<void> {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  const timer = setTimeout(() => process.exit(1), 10_000)
  timer.unref()
  await app.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

await app.listen({ port: config.port, host: config.host })
const exposure = demoExposureWarning(config)
if (exposure) app.log.warn(exposure)
app.log.info(
  `serving on http://${config.host}:${config.port} (${config.demoMode ? 'demo mode' : 'no demo data'})`,
)
