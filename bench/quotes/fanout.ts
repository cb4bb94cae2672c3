// The trade socket's fan-out alone, in one process (`node run.mjs quotes fanout`): a pass writes one
// frame to each of BENCH_SOCKETS (2000) server-side sockets, as the coalescer does, through `ws`'s
// `send` (decision 323) or straight to the TCP stream with the frame built once (decision 354,
// `wire.ts`). Between passes the clients read everything, so each pass starts with empty buffers.
// Reported: the CPU time of the writing itself (`process.cpuUsage`, user and system, the loopback's
// TCP work included) a frame, and a pass's wall time (how long it holds the event loop). Modes
// alternate, BENCH_PASSES (40) passes each in rounds of 10, so a busy machine weighs on both alike.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import WebSocket, { WebSocketServer } from 'ws'
import { frameWriter } from '../../apps/api/src/modules/trade-socket/wire.ts'
import { machine, percentile } from '../lib/server.ts'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000)
const PASSES = Number(process.env.BENCH_PASSES ?? 40)
const ROUND = 10

/** A batch of `n` quotes_eoi messages the size the server sends (about 330 bytes a quote). */
function payload(n: number): Buffer {
  const quote = (i: number) => ({
    type: 'quotes_eoi',
    data: {
      eoi_id: 100_000 + i,
      finstrument_id: 'IN0020230085',
      quote_type: i % 2 ? 'ASK' : 'BID',
      state: 'DEFAULT',
      quote: {
        id: 100_000 + i,
        finstrument_id: 'IN0020230085',
        quote_type: i % 2 ? 'ASK' : 'BID',
        quantum: 50_000_000,
        yield_stored: 0.0718,
        price: 100.1234,
        settlement_delta: 1,
        valid_till: '2026-11-27T14:00:00.000Z',
        client_name: 'Demo Dealer Securities',
        user_name: 'Demo Dealer',
      },
    },
  })
  const messages = Array.from({ length: n }, (_, i) => quote(i))
  return Buffer.from(JSON.stringify(n === 1 ? messages[0] : { type: 'batch', messages }))
}

export async function fanout(): Promise<void> {
  const http = createServer()
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false })
  const server: WebSocket[] = []
  wss.on('connection', (socket) => server.push(socket))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`
  let received = 0
  for (let i = 0; i < SOCKETS; i += 100) {
    await Promise.all(
      Array.from(
        { length: Math.min(100, SOCKETS - i) },
        () =>
          new Promise<void>((resolve, reject) => {
            const client = new WebSocket(url, { skipUTF8Validation: true })
            client.on('message', () => (received += 1))
            client.on('open', () => resolve())
            client.on('error', reject)
          }),
      ),
    )
  }
  while (server.length < SOCKETS) await new Promise((r) => setImmediate(r))

  const modes = {
    send: server.map((s) => (frame: Buffer) => s.send(frame, { binary: false })),
    wire: server.map((s) => frameWriter(s)),
  }
  const results: Record<string, { cpu: number[]; wall: number[] }> = {}
  const drained = async (expected: number) => {
    while (received < expected) await new Promise((r) => setTimeout(r, 1))
  }
  console.log(`\n# The fan-out alone: ${SOCKETS} sockets, one process; ${machine()}\n`)
  console.log(
    '| frame | mode | passes | CPU a frame | pass wall p50 | pass wall p99 | pass wall max |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- |')
  for (const quotes of [1, 10]) {
    const frame = payload(quotes)
    for (let round = 0; round < PASSES / ROUND; round += 1) {
      for (const [mode, writers] of Object.entries(modes)) {
        const result = (results[`${quotes}:${mode}`] ??= { cpu: [], wall: [] })
        for (let pass = 0; pass < ROUND; pass += 1) {
          // A new payload buffer each pass, as each pass of the server builds its frame anew.
          const bytes = Buffer.from(frame)
          const cpu = process.cpuUsage()
          const started = performance.now()
          for (const write of writers) write(bytes)
          result.wall.push(performance.now() - started)
          const used = process.cpuUsage(cpu)
          result.cpu.push((used.user + used.system) / SOCKETS)
          await drained(received + SOCKETS)
        }
      }
    }
    for (const mode of Object.keys(modes)) {
      const { cpu, wall } = results[`${quotes}:${mode}`]!
      const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length
      console.log(
        `| ${frame.length} B (${quotes} quote${quotes > 1 ? 's' : ''}) | ${mode} | ${cpu.length} | ${mean.toFixed(1)} µs | ${percentile(wall, 50).toFixed(1)} ms | ${percentile(wall, 99).toFixed(1)} ms | ${Math.max(...wall).toFixed(1)} ms |`,
      )
    }
  }
  for (const s of server) s.terminate()
  wss.close()
  http.close()
}
