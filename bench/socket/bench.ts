// The trade socket under load: 2,000 authenticated sockets on the real server, 500 events a
// second for 20 s published through Redis (as another instance would), each event addressed to
// all. Reports delivery latency (publish → a client's message handler), frames and the server's
// memory. Three kinds of process: the server (apps/api/dist/main.js), the socket clients (forked
// from this file, `BENCH_CLIENT_PROCESSES`, default 1) and this one, which publishes and measures.
// Run under apps/api/scripts/with-redis.mjs (TEST_REDIS_URL).
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import WebSocket from 'ws'
import { signTestToken } from '../../apps/api/src/modules/trade-socket/test-token.ts'
import { machine, percentile, startServer } from '../lib/server.ts'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000)
const RATE = Number(process.env.BENCH_RATE ?? 500)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 1)
/** Parse one frame in this many for latencies, so the clients are not the bottleneck. */
const SAMPLE_EVERY = Number(process.env.BENCH_SAMPLE_EVERY ?? 200)
const SECRET = 'bench-secret'

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
const now = () => performance.timeOrigin + performance.now()

/** Parent → clients. */
type ToClients = { type: 'report' }
/** Clients → parent. */
type FromClients =
  { type: 'connected' } | { type: 'report'; messages: number; frames: number; latencies: number[] }

const SEQ = Buffer.from('"seq":')
const BATCH = Buffer.from('{"type":"batch"')
const PONG = Buffer.from('{"type":"pong"')

/** Stream messages in a frame, counted without parsing it. */
function messagesIn(frame: Buffer): number {
  if (frame.subarray(0, PONG.length).equals(PONG)) return 0
  if (!frame.subarray(0, BATCH.length).equals(BATCH)) return 1
  let count = 0
  for (let at = frame.indexOf(SEQ); at !== -1; at = frame.indexOf(SEQ, at + SEQ.length)) count += 1
  return count
}

/** The client process: open this share of the sockets, count what arrives, report on request. */
async function runClients(wsUrl: string, first: number, count: number): Promise<void> {
  const send = (message: FromClients) => process.send?.(message)
  let messages = 0
  let frames = 0
  const latencies: number[] = []
  const open = (i: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      // UTF-8 validation off: a load generator trusts the server's frames.
      const socket = new WebSocket(wsUrl, { skipUTF8Validation: true })
      socket.on('open', () =>
        socket.send(
          JSON.stringify({
            type: 'auth',
            token: signTestToken({ userId: `u${i}`, clientId: null, roles: [] }, SECRET, 3600),
          }),
        ),
      )
      let authed = false
      socket.on('message', (data: Buffer) => {
        if (!authed) {
          authed = (JSON.parse(String(data)) as { type: string }).type === 'auth_ok'
          if (authed) resolve(socket)
          return
        }
        const n = messagesIn(data)
        if (n === 0) return
        frames += 1
        messages += n
        if (frames % SAMPLE_EVERY === 0) {
          const at = now()
          const frame = JSON.parse(String(data)) as {
            type: string
            data?: { sentAt?: number }
            messages?: { data?: { sentAt?: number } }[]
          }
          for (const m of frame.type === 'batch' ? (frame.messages ?? []) : [frame])
            if (m.data?.sentAt) latencies.push(at - m.data.sentAt)
        }
      })
      socket.on('error', reject)
    })
  const sockets: WebSocket[] = []
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, k) => open(first + i + k))
    sockets.push(...(await Promise.all(batch)))
  }
  // Keep every socket alive as the product does (ping every 10 s).
  const pinger = setInterval(() => {
    for (const s of sockets) s.send('{"type":"ping"}')
  }, 10_000)
  process.on('message', (message: ToClients) => {
    if (message.type !== 'report') return
    clearInterval(pinger)
    for (const s of sockets) s.close()
    // Exit once the report is handed over (a large one takes a while on the pipe under load).
    process.send?.({ type: 'report', messages, frames, latencies } satisfies FromClients, () =>
      process.exit(0),
    )
  })
  send({ type: 'connected' })
}

async function main(): Promise<void> {
  const redisUrl = process.env.TEST_REDIS_URL
  if (!redisUrl) throw new Error('run under apps/api/scripts/with-redis.mjs')
  const server = await startServer(3211, {
    REDIS_URL: redisUrl,
    TOKEN_SECRET: SECRET,
    // Only demo mode accepts the HMAC test tokens the clients sign in with.
    DEMO_MODE: 'true',
    // Every simulated client connects from this machine's one address.
    SOCKETS_PER_ADDRESS: String(SOCKETS + 100),
  })
  const rssIdle = server.rssMiB()
  const wsUrl = server.url.replace('http', 'ws') + '/ws/trade/d/'

  const share = Math.ceil(SOCKETS / CLIENT_PROCESSES)
  const clients = Array.from({ length: CLIENT_PROCESSES }, (_, p) =>
    fork(
      fileURLToPath(import.meta.url),
      ['clients', wsUrl, String(p * share), String(Math.min(share, SOCKETS - p * share))],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    ),
  )
  const next = <T extends FromClients['type']>(type: T) =>
    Promise.all(
      clients.map(
        (child) =>
          new Promise<Extract<FromClients, { type: T }>>((resolve, reject) => {
            child.on('message', (m: FromClients) => {
              if (m.type === type) resolve(m as Extract<FromClients, { type: T }>)
            })
            child.once('exit', (code) => reject(new Error(`client process exited with ${code}`)))
          }),
      ),
    )
  await next('connected')
  const rssConnected = server.rssMiB()

  const publisher = new Redis(redisUrl)
  // CPU from the first event until 2 s after the last (their frames written): the fan-out's cost.
  const cpuBefore = server.cpuMs()
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
              data: { sentAt: now(), seq: sent, finstrument_id: 'IN0020210244' },
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
  const publishSeconds = (Date.now() - started) / 1000
  await new Promise((r) => setTimeout(r, 2000))
  const cpu = server.cpuMs() - cpuBefore
  const reports = next('report')
  for (const child of clients) child.send({ type: 'report' } satisfies ToClients)
  const results = await reports
  publisher.disconnect()
  await server.stop()

  const messages = results.reduce((s, r) => s + r.messages, 0)
  const frames = results.reduce((s, r) => s + r.frames, 0)
  const latencies = results.flatMap((r) => r.latencies)
  const expected = total * SOCKETS
  const ms = (v: number) => v.toFixed(1)
  console.log(
    `\nTrade socket: ${SOCKETS} sockets in ${CLIENT_PROCESSES} client process(es), ${RATE} events/s for ${SECONDS} s via Redis; ${machine()}`,
  )
  console.log(
    `deliveries: ${messages} of ${expected} (${((100 * messages) / expected).toFixed(2)}%), ${(messages / publishSeconds).toFixed(0)} messages/s in ${(frames / publishSeconds).toFixed(0)} frames/s (${(messages / Math.max(1, frames)).toFixed(1)} messages a frame)`,
  )
  console.log(
    `server CPU from the first event until 2 s after the last: ${(cpu / 1000).toFixed(1)} s, ${((1000 * cpu) / Math.max(1, frames)).toFixed(1)} µs a frame written (${frames} frames), ${(cpu / publishSeconds / 10).toFixed(0)} % of a core`,
  )
  console.log('| delivery latency (ms) | p50 | p95 | p99 | max |\n| --- | --- | --- | --- | --- |')
  console.log(
    `| publish → client (${latencies.length} sampled) | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 95))} | ${ms(percentile(latencies, 99))} | ${ms(latencies.reduce((a, b) => Math.max(a, b), 0))} |`,
  )
  console.log(
    `server RSS: idle ${rssIdle.toFixed(0)} MiB, ${SOCKETS} sockets ${rssConnected.toFixed(0)} MiB, peak under load ${rssPeak.toFixed(0)} MiB`,
  )
}

if (process.argv[2] === 'clients') {
  await runClients(process.argv[3]!, Number(process.argv[4]), Number(process.argv[5]))
} else {
  await main()
}
