// Live data into the dart workspace (issue 17): 1,000 trade-socket messages a second into RTK Query
// caches with no main-thread task over 50 ms. The built server runs in demo mode; the dealer opens
// /dart with the market depth of 6.54% GS 2032 on screen; the real socket is proxied through the
// browser driver, which adds DURATION_S seconds of messages of every stream type (quotes on 100
// bonds, this one among them, inquiries, orders, tickets, runs, refreshes) on top of what the
// server sends. Two shapes: as the server sends them (a batch frame each 50 ms, its coalescer's
// interval) and one message per frame (the worst case, no batching). The page counts long tasks
// and long animation frames; the depth panel's refetches show the messages reached the caches.
// Gated: the server's shape (no task over 50 ms); one message per frame is reported, not gated.
// BENCH_STREAM_VIEW=rfq opens the RFQ quotes tab instead (issue 21): its list answered by the driver
// with 2,000 quotes (the server's cap), the quote messages carrying their quote as the server sends
// it (decision 310) on 2,500 ids (updates, 500 new quotes, every twentieth expiring), so the grid
// patches its rows; a negotiation once a second (it refetches the list). BENCH_STREAM_BARE=1 sends
// the quote messages without the quote (before decision 310): the grid refetches instead.
// BENCH_STREAM_VIEW=public opens the Public runs tab: the whole market answered by the driver
// (BENCH_STREAM_BONDS bonds, 5,000, in the server's pages of 100 sorted by name, each whole
// refetch reading every page; a patch's read of the bonds it names, `finstrument_id`, answered
// with just those lines, decision 410), and BENCH_STREAM_RATE quote writes a second as the server sends them: each
// its `quotes_eoi` with the quote, then its bond's `quotes_stream` (decision 390), every twentieth
// quote expiring; a cluster change once a second and a bulk `refresh` of the public runs every 5
// s. BENCH_STREAM_VIEW=private opens the Private runs tab: the trader's run of
// BENCH_STREAM_RUN_LINES lines (300) answered by the driver as the server pages it (the newest
// 100), and BENCH_STREAM_RATE `private_run` messages a second, as many lines received, confirmed,
// corrected, dismissed and sent to an exchange RFQ, on the lines the tab shows; a bulk `refresh`
// of the private runs every 5 s. Both views answer each refetch from what the messages changed.
// usage: node run.mjs stream   (after `pnpm build`; BENCH_STREAM_RATE, BENCH_STREAM_SECONDS,
// BENCH_STREAM_VIEW=depth|rfq|public|private, BENCH_STREAM_BARE=1, BENCH_STREAM_BONDS,
// BENCH_STREAM_RUN_LINES)
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import type { WebSocketRoute } from 'playwright-core'
import { CHROME_FLAGS, CHROMIUM, signInDealer, signedInPage, startProfile } from '../lib/browser.ts'
import { benchQuoteMessage, benchQuotePage } from '../lib/rfq-quotes.ts'
import { BenchMarket, BenchPrivateRun, type RunReason } from '../lib/runs.ts'
import { machine, startServer } from '../lib/server.ts'

const PORT = Number(process.env.BENCH_PORT ?? 3250)
const RATE = Number(process.env.BENCH_STREAM_RATE ?? 1000)
const DURATION_S = Number(process.env.BENCH_STREAM_SECONDS ?? 10)
const BUDGET_TASK_MS = 50
/** What is on screen: the market depth ladder, the RFQ quotes grid, or a runs tab's grid. */
const VIEW =
  (['rfq', 'public', 'private'] as const).find((view) => view === process.env.BENCH_STREAM_VIEW) ??
  'depth'
/** The grid views, whose list the driver answers. */
const GRID = VIEW === 'rfq' || VIEW === 'public' || VIEW === 'private'
/** The view's tab, its table, and the request whose count shows the messages reached its cache. */
const SCREEN = {
  depth: {
    tab: /^Market depth/,
    table: 'Market depth of 6.54% GS 2032',
    list: /\/api\/quote\/depth\//,
  },
  rfq: { tab: /^RFQ quotes/, table: 'RFQ quotes', list: /\/api\/eoi\/rfq-quote\// },
  public: { tab: /^Public runs/, table: 'Public runs', list: /\/api\/trade\/d\/market\// },
  // The run's grid has no name of its own: the table with a Settle column.
  private: { tab: /^Private runs/, table: null, list: /\/api\/eoi\/private-run\/(\?.*)?$/ },
}[VIEW]
const BOND = { isin: 'IN0020210244', name: '6.54% GS 2032' }
/** Quote messages without the quote (before decision 310). */
const BARE = process.env.BENCH_STREAM_BARE === '1'
/** The RFQ list's answer (the server's cap), and the ids the quote messages name. */
const LISTED = 2000
const QUOTE_IDS = 2500
/** The public market's bonds, and the quote ids its messages name (two a bond). */
const BONDS = Number(process.env.BENCH_STREAM_BONDS ?? 5000)
const MARKET_QUOTES = 2 * BONDS
/** The private run's lines. */
const RUN_LINES = Number(process.env.BENCH_STREAM_RUN_LINES ?? 300)
const RUN_REASONS: RunReason[] = ['received', 'confirmed', 'corrected', 'dismissed', 'sent_to_rfq']
/** The server's coalescer interval (SOCKET_BATCH_INTERVAL_MS). */
const BATCH_MS = 50

type Message = { type: string; [key: string]: unknown }

/** 100 ISIN-shaped ids, the bond on screen first. */
const ISINS = [
  BOND.isin,
  ...Array.from({ length: 99 }, (_, i) => `IN00202${String(10000 + i).slice(1)}`),
]

/** What the driver answers the runs tabs' lists from: the messages change it. */
interface Models {
  market: BenchMarket
  run: BenchPrivateRun
}

/**
 * The n-th update of the stream, as the messages the server sends for it: on the depth and RFQ
 * views one message, mostly quotes, every type of spec section 4 among them; on the runs views
 * what those tabs hear.
 */
function update(n: number, models: Models): Message[] {
  if (VIEW === 'public') return marketUpdate(n, models.market)
  if (VIEW === 'private') return [runMessage(n, models.run)]
  return [message(n)]
}

/**
 * A quote write on the public market: its `quotes_eoi` (the quote carried, every twentieth
 * expiring) and its bond's `quotes_stream` after it (decision 390); a cluster change once a
 * second, a bulk change's `refresh` every 5 s (decision 390).
 */
function marketUpdate(n: number, market: BenchMarket): Message[] {
  if (n % 5000 === 4999) return [{ type: 'refresh', target: 'public_runs' }]
  const i = (n * 37) % MARKET_QUOTES
  const isin = market.isins[i % market.isins.length]!
  if (n % 1000 === 501) {
    return [{ type: 'quotes_cluster', data: { cluster_id: n % 50, finstrument_id: isin } }]
  }
  market.move(isin)
  const state = n % 20 === 10 ? 'EXPIRED' : 'DEFAULT'
  return [
    {
      type: 'quotes_eoi',
      data: benchQuoteMessage(i, 1 + (n % 50), { state, isins: market.isins }),
    },
    { type: 'quotes_stream', data: { finstrument_id: isin } },
  ]
}

/** A change of the trader's private run (`private_run`), or every 5 s a bulk `refresh`. */
function runMessage(n: number, run: BenchPrivateRun): Message {
  if (n % 5000 === 4999) return { type: 'refresh', target: 'private_runs' }
  return { type: 'private_run', data: run.change(RUN_REASONS[n % RUN_REASONS.length]!, n) }
}

/** The n-th message of the stream: mostly quotes, every type of spec section 4 among them. */
function message(n: number): Message {
  const isin = ISINS[n % ISINS.length]!
  switch (n % 20) {
    case 1:
      return { type: 'quotes_cluster', data: { cluster_id: n % 50, finstrument_id: isin } }
    case 2:
      return { type: 'quotes_stream', data: { finstrument_id: isin } }
    case 3:
      return { type: 'inquiries', data: { inquiry_id: n } }
    case 4:
      return { type: 'open_orders', data: { order_id: n } }
    case 5:
      return { type: 'private_run', data: { run_id: n % 10 } }
    case 6:
      return { type: 'consideration_update', data: { ticket_id: n % 40 } }
    case 7:
      // A negotiation on one's quotes: on the RFQ view once a second (each refetches the list).
      if (VIEW === 'rfq' && n % 1000 !== 7) return quoteMessage(n)
      return { type: 'rfq_negotiation', data: { eoi_id: n } }
    case 8:
      return { type: 'open_tickets', data: { ticket_id: n % 40 } }
    case 9:
      // A bulk change (decisions 390, 401) is rare: a `refresh` of the public runs and one of the
      // tickets every 5 s (one every 40 messages refetched the RFQ list 25 times a second).
      if (n % 5000 === 4989) return { type: 'refresh', target: 'public_runs' }
      if (n % 5000 === 2509) return { type: 'refresh', target: 'tickets' }
      return quoteMessage(n)
    case 10:
      // Now and then a quote expires (the RFQ grid drops it in place).
      return quoteMessage(n, 'EXPIRED')
    default:
      return quoteMessage(n)
  }
}

/** A quote message: on the RFQ view one of its quotes (carried unless bare), else any bond's. */
function quoteMessage(n: number, state = 'DEFAULT'): Message {
  if (VIEW === 'rfq') {
    const i = (n * 37) % QUOTE_IDS
    return { type: 'quotes_eoi', data: benchQuoteMessage(i, 1 + (n % 50), { state, bare: BARE }) }
  }
  const isin = ISINS[n % ISINS.length]!
  const data = { eoi_id: n, finstrument_id: isin }
  return { type: 'quotes_eoi', data: state === 'DEFAULT' ? data : { ...data, state } }
}

interface Observed {
  longTasks: number[]
  frames: { duration: number; blocking: number }[]
}

async function run(base: string, shape: 'batched' | 'single') {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS })
  const tokens = await signInDealer(base)
  const page = await signedInPage(browser, tokens)
  const sockets: WebSocketRoute[] = []
  await page.routeWebSocket(/\/ws\/trade\//, (socket) => {
    socket.connectToServer()
    sockets.push(socket)
  })
  let depthCalls = 0
  let listBytes = 0
  page.on('request', (request) => {
    if (SCREEN.list.test(new URL(request.url()).pathname + new URL(request.url()).search)) {
      depthCalls += 1
    }
  })
  const models: Models = {
    market: new BenchMarket(BONDS),
    run: new BenchPrivateRun(RUN_LINES, ISINS),
  }
  if (GRID) {
    // The view's list, answered from the models the messages change.
    await page.route(SCREEN.list, async (route) => {
      const url = route.request().url()
      const body =
        VIEW === 'rfq'
          ? benchQuotePage(LISTED, depthCalls)
          : VIEW === 'public'
            ? models.market.page(url)
            : models.run.page(url)
      listBytes += body.length
      await route.fulfill({ status: 200, contentType: 'application/json', body })
    })
  }
  const table = () =>
    SCREEN.table === null
      ? page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Settle' }) })
      : page.getByRole('table', { name: SCREEN.table })
  try {
    await page.goto(`${base}/dart`)
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor({ timeout: 60_000 })
    await page.getByRole('tab', { name: SCREEN.tab }).click()
    if (VIEW === 'depth') {
      await page.getByRole('combobox', { name: 'Bond for market depth' }).fill(BOND.name)
      await page
        .getByRole('option', { name: new RegExp(`^${BOND.name}`) })
        .first()
        .click()
    }
    await table().waitFor({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1000)
    await page.evaluate(() => {
      const w = window as unknown as { __bench: { longTasks: number[]; frames: unknown[] } }
      w.__bench = { longTasks: [], frames: [] }
      new PerformanceObserver((list) =>
        w.__bench.longTasks.push(...list.getEntries().map((e) => e.duration)),
      ).observe({ type: 'longtask' })
      new PerformanceObserver((list) =>
        w.__bench.frames.push(
          ...list.getEntries().map((e) => ({
            duration: e.duration,
            blocking: (e as PerformanceEntry & { blockingDuration: number }).blockingDuration,
          })),
        ),
      ).observe({ type: 'long-animation-frame' })
    })
    const socket = sockets.at(-1)
    if (!socket) throw new Error('no trade socket opened')
    // The main thread's CPU time in tasks (Chrome's TaskDuration in thread ticks): what the view
    // costs, which the machine's other load changes far less than task lengths.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
    const taskCpu = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')
        ?.value ?? 0
    const cpuBefore = await taskCpu()
    // BENCH_PROFILE=file: a CPU profile of the batched run (Chrome DevTools' .cpuprofile).
    const profiling =
      process.env.BENCH_PROFILE && shape === 'batched' ? await startProfile(page) : null
    const before = depthCalls
    const bytesBefore = listBytes
    const total = RATE * DURATION_S
    const tick = shape === 'batched' ? BATCH_MS : 10
    const started = Date.now()
    let sent = 0
    let frames = 0
    while (sent < total) {
      const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * RATE))
      const messages: Message[] = []
      for (; sent < due; sent += 1) messages.push(...update(sent, models))
      frames += messages.length
      if (messages.length > 0) {
        if (shape === 'batched') socket.send(JSON.stringify({ type: 'batch', messages }))
        else for (const m of messages) socket.send(JSON.stringify(m))
      }
      await new Promise((r) => setTimeout(r, tick))
    }
    const seconds = (Date.now() - started) / 1000
    const mainCpu = (await taskCpu()) - cpuBefore
    if (profiling) {
      const profile = await profiling.stop()
      writeFileSync(process.env.BENCH_PROFILE as string, JSON.stringify(profile))
    }
    await page.waitForTimeout(1500)
    const observed = (await page.evaluate(
      () => (window as unknown as { __bench: Observed }).__bench,
    )) as Observed
    const ladderShown = await table().isVisible()
    // The grid's rows (its scroll height over a row's, or the rows it declares), to see inserts
    // and expiries landed.
    const gridRows =
      VIEW === 'rfq' || VIEW === 'public'
        ? await page.evaluate(
            (name) =>
              Math.round(
                (
                  document.querySelector(`table[aria-label="${name}"]`)!
                    .parentElement as HTMLElement
                ).scrollHeight / 30,
              ),
            SCREEN.table as string,
          )
        : VIEW === 'private'
          ? Number(await table().getAttribute('aria-rowcount')) - 1
          : null
    return {
      shape,
      sent,
      messages: frames,
      mainCpu,
      rate: sent / seconds,
      longTasks: observed.longTasks,
      frames: observed.frames,
      depthRefetches: depthCalls - before,
      refetchedBytes: listBytes - bytesBefore,
      gridRows,
      ladderShown,
    }
  } finally {
    await page.context().close()
    await browser.close()
  }
}

const server = await startServer(PORT, { DEMO_MODE: 'true', NODE_ENV: '' })
let failed = false
try {
  console.log(`# Socket stream into the caches, ${machine()}\n`)
  const RUNS = VIEW === 'public' || VIEW === 'private'
  console.log(
    VIEW === 'public'
      ? `${RATE} quote writes/s (each a quotes_eoi and its bond's quotes_stream) for ${DURATION_S} s into /dart with the Public runs grid open (${BONDS} bonds, pages of 100).\n`
      : VIEW === 'private'
        ? `${RATE} private_run messages/s for ${DURATION_S} s into /dart with the Private runs grid open (a run of ${RUN_LINES} lines, the newest 100 shown).\n`
        : `${RATE} messages/s for ${DURATION_S} s into /dart with ${VIEW === 'rfq' ? 'the RFQ quotes grid' : `the market depth of ${BOND.name}`} open.\n`,
  )
  if (RUNS) {
    console.log(
      '| shape | updates | rate (updates/s) | messages | long tasks > 50 ms | longest task | longest animation frame (blocking) | main thread CPU in tasks | list requests (JSON parsed) | grid rows after | table on screen | load avg |',
    )
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  } else {
    console.log(
      `| shape | messages | rate (msg/s) | long tasks > 50 ms | longest task | longest animation frame (blocking) | ${VIEW === 'rfq' ? 'list refetches (JSON parsed) | grid rows after' : 'depth refetches'} | ${VIEW === 'rfq' ? 'table' : 'ladder'} on screen | load avg |`,
    )
    console.log(
      `| --- | --- | --- | --- | --- | --- | --- |${VIEW === 'rfq' ? ' --- |' : ''} --- | --- |`,
    )
  }
  for (const shape of ['batched', 'single'] as const) {
    const result = await run(server.url, shape)
    const longest = Math.max(0, ...result.longTasks)
    const frame = [...result.frames].sort((a, b) => b.duration - a.duration)[0]
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')
    const shapeName =
      shape === 'batched'
        ? `server's batches (one frame / ${BATCH_MS} ms)`
        : 'one message per frame'
    const task = `${result.longTasks.length} | ${longest.toFixed(0)} ms | ${frame ? `${frame.duration.toFixed(0)} ms (${frame.blocking.toFixed(0)} ms)` : 'none'}`
    if (RUNS) {
      console.log(
        `| ${shapeName} | ${result.sent} | ${result.rate.toFixed(0)} | ${result.messages} | ${task} | ${result.mainCpu.toFixed(2)} s | ${result.depthRefetches} (${(result.refetchedBytes / 1e6).toFixed(1)} MB) | ${result.gridRows} | ${result.ladderShown ? 'yes' : 'no'} | ${load} |`,
      )
    } else {
      console.log(
        `| ${shapeName} | ${result.sent} | ${result.rate.toFixed(0)} | ${task} | ${result.depthRefetches}${VIEW === 'rfq' ? ` (${(result.refetchedBytes / 1e6).toFixed(1)} MB) | ${result.gridRows}` : ''} | ${result.ladderShown ? 'yes' : 'no'} | ${load} |`,
      )
    }
    // Gated: what the server sends. One message per frame is reported (the server never does it;
    // at this rate the driver itself falls behind on 2 cores).
    // The messages reached the view: the ladder refetched, or the grid patched (it gained the
    // 500 new quotes less the expired) or, bare, refetched.
    const reached =
      VIEW === 'rfq' && !BARE ? (result.gridRows ?? 0) > LISTED : result.depthRefetches > 0
    if (!result.ladderShown || !reached) failed = true
    if (shape === 'batched' && longest > BUDGET_TASK_MS) failed = true
  }
  console.log(
    `\nBudget (server's batches): no main-thread task over ${BUDGET_TASK_MS} ms, the ladder stays, the caches refetch: ${failed ? 'MISSED' : 'met'}`,
  )
} finally {
  await server.stop()
}
process.exit(failed ? 1 : 0)
