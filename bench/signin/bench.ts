// Sign-in under a flood (issue 19): what a password-guessing flood does to the server and to the
// people signing in meanwhile. Three phases of SECONDS each against the real server (demo mode,
// behind a trusted proxy so each client can have its own address):
//   1. baseline: people sign in with the right password, each sign-in from a new address;
//   2. one address floods: 50 clients guess passwords for a demo account and for unknown
//      e-mails as fast as they can, all from one address, while the same people sign in;
//   3. many addresses flood: the 50 guessers each have their own address (a botnet).
// Reports the answers by status (a 5xx is a failure), the guessers' and the people's latency, and
// whether every person got in. Database: PGlite, or PostgreSQL when DATABASE_URL is set.
import http from 'node:http'
import { machine, percentile, startServer } from '../lib/server.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const GUESSERS = 50
/** People signing in meanwhile, each once every PERSON_PAUSE_MS. */
const PEOPLE = 5
const PERSON_PAUSE_MS = 500
const DEMO_PASSWORD = 'Demo@12345'
const ACCOUNTS = ['dealer@demo.test', 'broker@demo.test', 'viewer@demo.test', 'user@demo.test']

const server = await startServer(3230, {
  DEMO_MODE: 'true',
  TRUST_PROXY: '127.0.0.1',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
})
const agent = new http.Agent({ keepAlive: true, maxSockets: GUESSERS + PEOPLE })

/** POST /api/token/ from `address`; answers the status and the time taken. */
function signIn(email: string, password: string, address: string): Promise<[number, number]> {
  const body = JSON.stringify({ email, password })
  const t0 = performance.now()
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}/api/token/`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': address,
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve([res.statusCode ?? 0, performance.now() - t0]))
        res.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

let nextAddress = 1
/** A fresh address from 10.0.0.0/8. */
const freshAddress = () => {
  const n = nextAddress++
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

interface Phase {
  name: string
  statuses: Map<number, number>
  guessMs: number[]
  personMs: number[]
  people: number
  peopleIn: number
}

async function phase(name: string, guessers: 'none' | 'one address' | 'many addresses') {
  const result: Phase = {
    name,
    statuses: new Map(),
    guessMs: [],
    personMs: [],
    people: 0,
    peopleIn: 0,
  }
  const count = (status: number) =>
    result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1)
  const deadline = Date.now() + SECONDS * 1000
  const flooder = '192.0.2.66'
  const guessing =
    guessers === 'none'
      ? []
      : Array.from({ length: GUESSERS }, async (_, g) => {
          const address = guessers === 'one address' ? flooder : freshAddress()
          let i = g
          while (Date.now() < deadline) {
            // Half guess a real account's password, half try e-mails nobody has.
            const email = i % 2 ? ACCOUNTS[i % ACCOUNTS.length]! : `ghost${i}@demo.test`
            const [status, ms] = await signIn(email, `guess-${i}-x1`, address)
            count(status)
            result.guessMs.push(ms)
            i += GUESSERS
          }
        })
  const people = Array.from({ length: PEOPLE }, async (_, p) => {
    while (Date.now() < deadline) {
      const [status, ms] = await signIn(
        ACCOUNTS[p % ACCOUNTS.length]!,
        DEMO_PASSWORD,
        freshAddress(),
      )
      count(status)
      result.people += 1
      if (status === 200) {
        result.peopleIn += 1
        result.personMs.push(ms)
      }
      await new Promise((r) => setTimeout(r, PERSON_PAUSE_MS))
    }
  })
  await Promise.all([...guessing, ...people])
  return result
}

const phases = [
  await phase('baseline: people only', 'none'),
  await phase('50 guessers from one address', 'one address'),
  await phase('50 guessers from 50 addresses', 'many addresses'),
]
await server.stop()

const db = process.env.DATABASE_URL ? 'PostgreSQL (loopback)' : 'PGlite (embedded)'
const p = (v: number[], q: number) => (v.length ? percentile(v, q).toFixed(1) : '—')
console.log(`\nSign-in under a flood, ${SECONDS} s a phase, ${db}; ${machine()}`)
console.log(
  '| phase | answers by status | 5xx | guesses/s | guess p50 / p99 (ms) | people in | person p50 / p99 (ms) |',
)
console.log('| --- | --- | --- | --- | --- | --- | --- |')
let serverErrors = 0
for (const r of phases) {
  const statuses = [...r.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ')
  const fives = [...r.statuses.entries()].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0)
  serverErrors += fives
  console.log(
    `| ${r.name} | ${statuses} | ${fives} | ${(r.guessMs.length / SECONDS).toFixed(0)} | ${p(r.guessMs, 50)} / ${p(r.guessMs, 99)} | ${r.peopleIn} of ${r.people} | ${p(r.personMs, 50)} / ${p(r.personMs, 99)} |`,
  )
}
if (serverErrors > 0) {
  console.error(`${serverErrors} answers were 5xx`)
  process.exit(1)
}
