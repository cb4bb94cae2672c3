// dart's initial JavaScript (issue 21's budget: at most 250 kB gzipped). The built server runs in
// demo mode; the demo dealer opens /dart in Chromium and nothing is clicked. Every script the page
// fetched until the workspace is live and the network has been quiet for 2 s is listed with what
// crossed the wire (the server's pre-compressed brotli copy) and its gzip size (the server's .gz
// copy, asked for with `accept-encoding: gzip`). Gated: the gzip sum.
// usage: node run.mjs dartjs   (after `pnpm build`)
import { loadavg } from 'node:os'
import { CHROME_FLAGS, CHROMIUM, signInDealer, signedInPage } from '../lib/browser.ts'
import { machine, startServer } from '../lib/server.ts'

const PORT = Number(process.env.BENCH_PORT ?? 3252)
const BUDGET_KB = 250

/** A script's bytes as the server sends it to a browser that accepts only gzip. */
async function gzipBytes(url: string): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } })
  const encoding = response.headers.get('content-encoding')
  const length = Number(response.headers.get('content-length') ?? Number.NaN)
  // fetch decodes the body; the header says what crossed the wire.
  if (encoding !== 'gzip' || Number.isNaN(length)) {
    const { gzipSync } = await import('node:zlib')
    return gzipSync(Buffer.from(await response.arrayBuffer())).length
  }
  await response.arrayBuffer()
  return length
}

const server = await startServer(PORT, { DEMO_MODE: 'true', DEMO_DESK: 'false', NODE_ENV: '' })
let failed: boolean
try {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS })
  const tokens = await signInDealer(server.url)
  const page = await signedInPage(browser, tokens)
  const scripts: { url: string; wire: Promise<number> }[] = []
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return
    scripts.push({ url: request.url(), wire: request.sizes().then((s) => s.responseBodySize) })
  })
  await page.goto(`${server.url}/dart`)
  await page.getByRole('status', { name: 'Live updates: Live' }).waitFor({ timeout: 90_000 })
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(2000)
  const rows = await Promise.all(
    scripts.map(async (s) => ({
      name: new URL(s.url).pathname,
      wire: await s.wire,
      gzip: await gzipBytes(s.url),
    })),
  )
  await page.context().close()
  await browser.close()
  rows.sort((a, b) => b.gzip - a.gzip)
  const kb = (n: number) => (n / 1000).toFixed(1)
  const gzip = rows.reduce((sum, r) => sum + r.gzip, 0)
  const wire = rows.reduce((sum, r) => sum + r.wire, 0)
  console.log(`# dart's initial JavaScript, ${machine()}\n`)
  console.log('| script | on the wire (brotli), kB | gzip, kB |\n| --- | --- | --- |')
  for (const r of rows) console.log(`| ${r.name} | ${kb(r.wire)} | ${kb(r.gzip)} |`)
  console.log(`| **${rows.length} scripts** | **${kb(wire)}** | **${kb(gzip)}** |`)
  failed = gzip > BUDGET_KB * 1000
  console.log(
    `\nBudget: at most ${BUDGET_KB} kB gzipped before interaction: ${failed ? 'MISSED' : 'met'} (load avg ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  )
} finally {
  await server.stop()
}
process.exit(failed ? 1 : 0)
