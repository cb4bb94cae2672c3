#!/usr/bin/env node
// Runs a command with a throwaway Redis (Debian's `redis-server`) on a free loopback port and no
// persistence; TEST_REDIS_URL points at it. Stopped when the command ends, fails or is signalled.
// usage: node scripts/with-redis.mjs <command> [args…]
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createConnection } from 'node:net'
import { commandFromArgs, freePort, runThenExit } from './service-runner.mjs'

const BIN = '/usr/bin/redis-server'
if (!existsSync(BIN)) {
  console.error(
    'with-redis: Redis is not installed (Debian package `redis-server`); npm test installs it',
  )
  process.exit(1)
}
const command = commandFromArgs('with-redis.mjs')

const port = await freePort()

const redis = spawn(
  BIN,
  ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
  {
    stdio: 'ignore',
  },
)

async function ready() {
  for (let i = 0; i < 100; i += 1) {
    const ok = await new Promise((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (ok) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('redis-server did not start')
}

try {
  await ready()
} catch (error) {
  console.error(`with-redis: ${error.message}`)
  redis.kill()
  process.exit(1)
}

const url = `redis://127.0.0.1:${port}`
console.log(`with-redis: Redis on 127.0.0.1:${port}`)
runThenExit(command, { TEST_REDIS_URL: url }, () => redis.kill())
