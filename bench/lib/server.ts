// Starts the built server (apps/api/dist/main.js) as its own process for a benchmark.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A running server and how to stop it. */
export interface BenchServer {
  url: string
  process: ChildProcess
  /** Resident memory of the server process, MiB. */
  rssMiB(): number
  stop(): Promise<void>
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
  const child = spawn('node', [...flags, join(root, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
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
    async stop() {
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
