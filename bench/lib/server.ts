// Starts the built server (apps/api/dist/main.js) as its own process for a benchmark.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** A running server and how to stop it. */
export interface BenchServer {
  url: string
  process: ChildProcess
  /** Resident memory of the server process, MiB. */
  rssMiB(): number
  /** CPU time the server process has used (user and system, all its threads), ms. */
  cpuMs(): number
  /**
   * How long the server's event loop was blocked since the last call (or its start), ms: the
   * delay of a 5 ms timer (`monitorEventLoopDelay`), whatever else the machine runs.
   */
  loopDelay(): Promise<LoopDelay>
  stop(): Promise<void>
}

/** Event loop delays of the server, ms. */
export interface LoopDelay {
  p50: number
  p99: number
  max: number
  mean: number
}

const root = fileURLToPath(new URL('../../', import.meta.url))

/** Start the server on a port with a fresh DATA_DIR and wait until it answers. */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bonds-bench-data-'))
  // BENCH_NODE_ARGS: flags for the server's node (e.g. --cpu-prof to see where its time goes).
  const flags = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const loopDelayFile = join(dataDir, 'loop-delay.json')
  const preload = pathToFileURL(join(root, 'bench', 'lib', 'loop-delay.mjs')).href
  const child = spawn(
    'node',
    [...flags, '--import', preload, join(root, 'apps/api/dist/main.js')],
    {
      env: {
        ...process.env,
        BENCH_LOOP_DELAY_FILE: loopDelayFile,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  // A bench that throws must not leave its server running (and holding the port) behind it.
  const orphan = () => child.kill('SIGTERM')
  process.once('exit', orphan)
  const url = `http://127.0.0.1:${port}`
  const started = Date.now()
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health/`)
      if (response.ok) break
    } catch {
      // not up yet
    }
    if (Date.now() - started > 120_000) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    process: child,
    rssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
    },
    cpuMs() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      // utime and stime are the 12th and 13th fields after the command, in clock ticks (100 a second).
      return (Number(fields[11]) + Number(fields[12])) * 10
    },
    async loopDelay() {
      rmSync(loopDelayFile, { force: true })
      child.kill('SIGUSR2')
      while (!existsSync(loopDelayFile)) await new Promise((r) => setTimeout(r, 20))
      // Written in one call; read once it parses.
      for (;;) {
        try {
          return JSON.parse(readFileSync(loopDelayFile, 'utf8')) as LoopDelay
        } catch {
          await new Promise((r) => setTimeout(r, 20))
        }
      }
    },
    async stop() {
      process.off('exit', orphan)
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The q-th percentile (0–100) of numbers. */
export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1))
  return sorted[index] ?? Number.NaN
}

/** The machine a result was measured on. */
export function machine(): string {
  const cpu =
    /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU'
  const cores = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? 0
  return `${cores} cores, ${cpu.trim()}, Node ${process.version}`
}
