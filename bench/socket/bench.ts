// The trade socket under load: 2,000 authenticated sockets on the real server, 500 events a
// second for 20 s published through Redis (as another instance would), each event addressed to
// all. Reports delivery latency (publish → a client's message handler) and the server's memory.
// Run under apps/api/scripts/with-redis.mjs (TEST_REDIS_URL).
import { Redis } from 'ioredis'
import WebSocket from 'ws'
import { signTestToken } from '../../apps/api/src/modules/trade-socket/test-token.ts'
import { machine, percentile, startServer } from '../lib/server.ts'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000)
const RATE = Number(process.env.BENCH_RATE ?? 500)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const SECRET = 'bench-secret'
const redisUrl = process.env.TEST_REDIS_URL
if (!redisUrl) throw new Error('run under apps/api/scripts/with-redis.mjs')

const server = await startServer(3211, {
  REDIS_URL: redisUrl,
  TOKEN_SECRET: SECRET,
  DEMO_MODE: 'false',
})
const rssIdle = server.rssMiB()
const wsUrl = server.url.replace('http', 'ws') + '/ws/trade/d/'
const latencies: number[] = []
let received = 0

async function open(i: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl)
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          type: 'auth',
          token: signTestToken({ userId: `u${i}`, clientId: null, roles: [] }, SECRET, 3600),
        }),
      ),
    )
    let authed = false
    socket.on('message', (data) => {
      if (!authed) {
        authed = (JSON.parse(String(data)) as { type: string }).type === 'auth_ok'
        if (authed) resolve(socket)
        return
      }
      const text = String(data)
      if (text.startsWith('{"type":"pong"')) return
      received += 1
      // Parse 1 delivery in 50 for its latency, so the load generator is not the bottleneck.
      if (received % 50 === 0) {
        const message = JSON.parse(text) as { data?: { sentAt?: number } }
        if (message.data?.sentAt) latencies.push(Date.now() - message.data.sentAt)
      }
    })
    socket.on('error', reject)
  })
}

const sockets: WebSocket[] = []
for (let i = 0; i < SOCKETS; i += 50) {
  sockets.push(
    ...(await Promise.all(
      Array.from({ length: Math.min(50, SOCKETS - i) }, (_, k) => open(i + k)),
    )),
  )
}
const rssConnected = server.rssMiB()
// Keep every socket alive as the product does (ping every 10 s).
const pinger = setInterval(() => {
  for (const s of sockets) s.send('{"type":"ping"}')
}, 10_000)

const publisher = new Redis(redisUrl)
const total = RATE * SECONDS
let sent = 0
const started = Date.now()
let rssPeak = rssConnected
await new Promise<void>((resolve) => {
  const tick = setInterval(() => {
    const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * RATE))
    while (sent < due) {
      sent += 1
      void publisher.publish(
        'bonds:events',
        JSON.stringify({
          audience: { kind: 'all' },
          message: {
            type: 'quotes_stream',
            data: { sentAt: Date.now(), seq: sent, finstrument_id: 'IN0020210244' },
          },
        }),
      )
    }
    rssPeak = Math.max(rssPeak, server.rssMiB())
    if (sent >= total) {
      clearInterval(tick)
      resolve()
    }
  }, 10)
})
await new Promise((r) => setTimeout(r, 2000))
clearInterval(pinger)
const expected = total * SOCKETS
for (const s of sockets) s.close()
publisher.disconnect()
await server.stop()

console.log(
  `\nTrade socket: ${SOCKETS} sockets, ${RATE} events/s for ${SECONDS} s via Redis; ${machine()}`,
)
console.log(
  `deliveries: ${received} of ${expected} (${((100 * received) / expected).toFixed(2)}%), ${(received / SECONDS).toFixed(0)} messages/s`,
)
console.log('| delivery latency (ms) | p50 | p95 | p99 | max |\n| --- | --- | --- | --- | --- |')
console.log(
  `| publish → client | ${percentile(latencies, 50)} | ${percentile(latencies, 95)} | ${percentile(latencies, 99)} | ${Math.max(...latencies)} |`,
)
console.log(
  `server RSS: idle ${rssIdle.toFixed(0)} MiB, ${SOCKETS} sockets ${rssConnected.toFixed(0)} MiB, peak under load ${rssPeak.toFixed(0)} MiB`,
)
