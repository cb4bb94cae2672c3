// Starts servers as separate OS processes for tests: bundles `server-process.ts` with esbuild (as
// build.mjs bundles main.ts: workspace packages inlined, npm packages resolved from apps/api) into
// node_modules/.cache, then forks one Node process per server with an IPC channel.
import { build } from 'esbuild'
import { fork, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DomainEvent } from '../events/bus.ts'
import type { FromServerProcess, ToServerProcess } from './server-process.ts'

/** A server running in its own process. */
export interface ServerProcess {
  /** Loopback port it listens on. */
  port: number
  /** Its operating-system process id. */
  pid: number
  /** Publish an event on its event bus; resolves once published. */
  publish(event: DomainEvent): Promise<void>
  /** Close the server and wait for the process to exit. */
  stop(): Promise<void>
}

const apiRoot = fileURLToPath(new URL('../../', import.meta.url))

/** Bundle the server-process entry; returns the file and how to remove it. */
async function bundle(): Promise<{ file: string; remove(): void }> {
  const cache = join(apiRoot, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const dir = mkdtempSync(join(cache, 'server-process-'))
  const file = join(dir, 'server-process.mjs')
  await build({
    entryPoints: [join(apiRoot, 'src', 'testing', 'server-process.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'error',
    plugins: [
      {
        name: 'externalize-npm-dependencies',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@bonds/') ? undefined : { path: args.path, external: true },
          )
        },
      },
    ],
  })
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

function startOne(file: string, env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bonds-server-process-'))
  const child: ChildProcess = fork(file, [], {
    execArgv: [],
    env: { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }))
  let nextId = 0
  const waiting = new Map<number, () => void>()
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)))
    child.on('message', (message: FromServerProcess) => {
      if (message.type === 'failed') reject(new Error(`server process failed: ${message.error}`))
      else if (message.type === 'published') waiting.get(message.id)?.()
      else if (message.type === 'ready')
        resolve({
          port: message.port,
          pid: message.pid,
          publish(event) {
            nextId += 1
            const id = nextId
            return new Promise<void>((done) => {
              waiting.set(id, done)
              child.send({ type: 'publish', id, event } satisfies ToServerProcess)
            })
          },
          async stop() {
            if (child.exitCode === null && child.signalCode === null) {
              child.send({ type: 'close' } satisfies ToServerProcess)
              const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
              await exited
              clearTimeout(killer)
            }
          },
        })
    })
  })
}

/** Start `count` servers, each its own process with `env` added to this one's environment. */
export async function startServerProcesses(
  count: number,
  env: Record<string, string>,
): Promise<{ servers: ServerProcess[]; stop(): Promise<void> }> {
  const { file, remove } = await bundle()
  const servers: ServerProcess[] = []
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()))
    remove()
  }
  try {
    // One after the other: concurrent migrations race on CREATE EXTENSION in one cluster.
    for (let i = 0; i < count; i += 1) servers.push(await startOne(file, env))
  } catch (error) {
    await stop()
    throw error
  }
  return { servers, stop }
}
