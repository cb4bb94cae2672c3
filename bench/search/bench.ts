// Bond search under load: 50 concurrent clients for 20 s (after a 3 s warm-up under the same
// load) against the real server holding the whole universe. Reports server-side latency
// (Server-Timing, request in to response out) and what clients saw. Database: PGlite (default) or PostgreSQL when DATABASE_URL is set.
import http from 'node:http'
import { machine, percentile, startServer } from '../lib/server.ts'

const CLIENTS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
/** Pause between one client's searches: the search box's 300 ms debounce (0 = saturate). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 300)
/** Same load before measuring, discarded (reported apart). */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3)
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

// Demo mode imports the bond universe the searches run over.
const server = await startServer(3210, {
  DEMO_MODE: 'true',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
})
const serverMs: number[] = []
const clientMs: number[] = []
/** Server-side times of the warm-up, reported apart: the first searches after a start. */
const warmUpServerMs: number[] = []
let errors = 0

// node:http with a keep-alive agent rather than fetch: half the load generator's CPU per request,
// which it takes from the same two cores as the server.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })
function search(q: string): Promise<{ ok: boolean; serverTiming: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        `${server.url}/api/trade/finstrument/?searchKey=${encodeURIComponent(q)}`,
        { agent },
        (res) => {
          res.resume()
          res.on('end', () =>
            resolve({
              ok: res.statusCode === 200,
              serverTiming: String(res.headers['server-timing'] ?? ''),
            }),
          )
          res.on('error', reject)
        },
      )
      .on('error', reject)
  })
}

// One continuous load; the first WARM_UP_SECONDS are not measured (the pool opens its connections,
// each prepares its statements, the 50 clients, which all start at once, drift apart as typing
// users do). Their server-side times are reported apart.
const started = Date.now()
const measureFrom = started + WARM_UP_SECONDS * 1000
const deadline = measureFrom + SECONDS * 1000
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, c) => {
    let i = c
    while (Date.now() < deadline) {
      const q = QUERIES[i % QUERIES.length] ?? ''
      i += 1
      const measured = Date.now() >= measureFrom
      const t0 = performance.now()
      const response = await search(q)
      const timing = /dur=([\d.]+)/.exec(response.serverTiming)
      if (!response.ok || !timing) errors += 1
      else if (!measured) warmUpServerMs.push(Number(timing[1]))
      else {
        clientMs.push(performance.now() - t0)
        serverMs.push(Number(timing[1]))
      }
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
console.log(row(`server-side during the ${WARM_UP_SECONDS} s warm-up`, warmUpServerMs))
