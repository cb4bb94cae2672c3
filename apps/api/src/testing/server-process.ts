// Entry of a server running as its own OS process, for tests that need several (the Redis bus
// across processes). Forked by startServerProcesses() with an IPC channel: it opens its own test
// database (PGlite in memory, or a fresh schema on TEST_DATABASE_URL), takes REDIS_URL,
// TOKEN_SECRET and DATA_DIR from its environment, listens on a free loopback port and reports it;
// then publishes the events its parent sends, and closes on request or when the parent goes away.
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import { testDatabase } from '../db/testing.ts'
import type { DomainEvent } from '../events/bus.ts'

/** What the parent sends. */
export type ToServerProcess =
  { type: 'publish'; id: number; event: DomainEvent } | { type: 'close' }
/** What the server process sends back. */
export type FromServerProcess =
  | { type: 'ready'; port: number; pid: number }
  | { type: 'published'; id: number }
  | { type: 'failed'; error: string }

const reply = (message: FromServerProcess) => process.send?.(message)

try {
  const database = await testDatabase()
  const app = await buildApp(readConfig({ ...process.env, DEMO_MODE: 'false' }), {
    web: false,
    database,
    socketTestTokens: true,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  let closing = false
  const close = async () => {
    if (closing) return
    closing = true
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('message', (message: ToServerProcess) => {
    if (message.type === 'close') void close()
    else if (message.type === 'publish')
      app.events.publish(message.event).then(
        () => reply({ type: 'published', id: message.id }),
        (error: unknown) => reply({ type: 'failed', error: String(error) }),
      )
  })
  process.on('disconnect', () => void close())
  reply({ type: 'ready', port, pid: process.pid })
} catch (error) {
  reply({
    type: 'failed',
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  })
  process.exit(1)
}
