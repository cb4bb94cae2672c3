// Bond search under load: 50 concurrent clients for 20 s against the real server holding the
// whole universe. Reports server-side latency (Server-Timing, request in to response out) and
// what clients saw. Database: PGlite (default) or PostgreSQL when DATABASE_URL is set.
import { machine, percentile, startServer } from '../lib/server.ts'

const CLIENTS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
/** Pause between one client's searches: the search box's 300 ms debounce (0 = saturate). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 300)
const QUERIES = [
  '6.54 2032',
  'gs 2032',
  'maharashtra sdl',
  'IN00202',
  'karnataka sdl 2035',
  'reliance industries',
  'rec limited',
  'tamil nadu',
  '7.26 gs',
  'hdfc bank',
  'IN1920210359',
  'state development loan 2030',
  'nabard',
  '364 dtb',
  'power finance',
]

const server = await startServer(
  3210,
  process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
)
const serverMs: number[] = []
const clientMs: number[] = []
let errors = 0
const deadline = Date.now() + SECONDS * 1000

// Warm up: every query once.
for (const q of QUERIES)
  await fetch(`${server.url}/api/trade/finstrument/?searchKey=${encodeURIComponent(q)}`)

await Promise.all(
  Array.from({ length: CLIENTS }, async (_, c) => {
    let i = c
    while (Date.now() < deadline) {
      const q = QUERIES[i % QUERIES.length] ?? ''
      i += 1
      const started = performance.now()
      const response = await fetch(
        `${server.url}/api/trade/finstrument/?searchKey=${encodeURIComponent(q)}`,
      )
      await response.arrayBuffer()
      clientMs.push(performance.now() - started)
      const timing = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')
      if (!response.ok || !timing) errors += 1
      else serverMs.push(Number(timing[1]))
      if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS))
    }
  }),
)
await server.stop()

const db = process.env.DATABASE_URL ? 'PostgreSQL 15 (loopback)' : 'PGlite (embedded)'
const row = (label: string, v: number[]) =>
  `| ${label} | ${percentile(v, 50).toFixed(1)} | ${percentile(v, 95).toFixed(1)} | ${percentile(v, 99).toFixed(1)} |`
console.log(
  `\nBond search, ${CLIENTS} concurrent clients, ${THINK_MS} ms between a client's searches, ${SECONDS} s, ${db}; ${machine()}`,
)
console.log(
  `requests: ${clientMs.length} (${(clientMs.length / SECONDS).toFixed(0)}/s), errors: ${errors}`,
)
console.log('| latency (ms) | p50 | p95 | p99 |\n| --- | --- | --- | --- |')
console.log(row('server-side', serverMs))
console.log(row('client-observed', clientMs))
