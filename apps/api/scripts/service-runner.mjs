// Shared by with-postgres.mjs and with-redis.mjs: a free loopback port, the command to run, and
// running it with extra environment, cleaning up however it ends.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** The command after the script's own arguments; exits with usage when there is none. */
export function commandFromArgs(script) {
  const command = process.argv.slice(2)
  if (command.length === 0) {
    console.error(`usage: ${script} <command> [args…]`)
    process.exit(2)
  }
  return command
}

/** Run the command with `env` added, forward signals, then clean up and exit with its status. */
export function runThenExit(command, env, cleanup) {
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => {
    cleanup()
    process.exit(code ?? (signal ? 1 : 0))
  })
}
