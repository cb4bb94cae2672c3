// `node bench/run.mjs mind --server`: `POST api/mind/ask/` through the built server (after
// `pnpm build`), demo mode on a fresh data dir, as the demo Market Researcher. The first question
// is asked the moment the server answers its health check (the server reads the universe at
// start, decision 282, so it waits for what is left of that read: the cold figure); then every
// question of questions.json once, one at a time (warm), and the same through the page's stream
// (`POST api/mind/ask/stream/` then the SSE to its `done`), paced under the route's 60 a minute.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { machine, percentile, startServer } from '../lib/server.ts'

const PORT = Number(process.env.BENCH_PORT ?? 3951)
/** A researcher may ask 60 questions a minute (the route's limit): one question every this many ms. */
const PACE_MS = 1050
const questions: string[] = (
  JSON.parse(readFileSync(join(process.cwd(), 'mind', 'questions.json'), 'utf8')) as {
    questions: { q: string }[]
  }
).questions.map((q) => q.q)

const startedAt = performance.now()
const server = await startServer(PORT, { DEMO_MODE: 'true', AUTH_RATE_LIMIT: '100000' })
const upMs = performance.now() - startedAt
try {
  const signIn = await fetch(`${server.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'researcher@demo.test', password: 'Demo@12345' }),
  })
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`)
  const { access } = (await signIn.json()) as { access: string }
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${access}` }
  const post = async (url: string, question: string) => {
    const response = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question }),
    })
    if (!response.ok) throw new Error(`${url} answered ${response.status}`)
    return response.json() as Promise<Record<string, unknown>>
  }
  const timed = async (run: () => Promise<unknown>) => {
    const start = performance.now()
    await run()
    const ms = performance.now() - start
    await new Promise((r) => setTimeout(r, Math.max(0, PACE_MS - ms)))
    return ms
  }

  const cold = await timed(() => post('/api/mind/ask/', questions[0]!))
  const warm: number[] = []
  for (const q of questions) warm.push(await timed(() => post('/api/mind/ask/', q)))
  const streamed: number[] = []
  for (const q of questions) {
    streamed.push(
      await timed(async () => {
        const { stream_id } = (await post('/api/mind/ask/stream/', q)) as { stream_id: string }
        const body = await (await fetch(`${server.url}/api/mind/ask/stream/${stream_id}/`)).text()
        if (!/event: done\n/.test(body)) throw new Error(`no done event for "${q}"`)
      }),
    )
  }
  const f = (n: number) => `${n.toFixed(1)} ms`
  console.log(`mind through the server: ${machine()}; server up (demo import) in ${f(upMs)}`)
  console.log(`| measure | questions | p50 | p95 | max |`)
  console.log(`| --- | --- | --- | --- | --- |`)
  console.log(
    `| cold: the first \`POST api/mind/ask/\` at ready | 1 | ${f(cold)} | ${f(cold)} | ${f(cold)} |`,
  )
  for (const [name, xs] of [
    ['warm: `POST api/mind/ask/`', warm],
    ['warm: streamed (start + SSE to `done`)', streamed],
  ] as const)
    console.log(
      `| ${name} | ${xs.length} | ${f(percentile(xs, 50))} | ${f(percentile(xs, 95))} | ${f(Math.max(...xs))} |`,
    )
  process.exitCode = percentile(warm, 95) < 1000 ? 0 : 1
} finally {
  await server.stop()
}
