// The PDF export of a trade's reconstruction against issue 22's budget (under 60 s): a trade made
// from a long chat, 2,000 messages around the deal (desk quotes, long notes, files, Hindi and
// emoji the font may lack), with the day's EOIs and clusters and the ticket's whole lifecycle,
// rendered with the blocks the endpoint uses (surveillance-view.ts) by the report writer
// (documents/pdf.ts). Also the endpoint's default window (30 messages) for comparison.
// Run: node run.mjs surveillance   (BENCH_MESSAGES, default 2000; BENCH_RUNS, default 3)
import { cpSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ReconstructionEvent, Ticket, TradeReconstruction } from '@bonds/domain'
import { renderReport } from '../../apps/api/src/modules/documents/pdf.ts'
import { reconstructionBlocks } from '../../apps/api/src/modules/tickets/surveillance-view.ts'
import { machine } from '../lib/server.ts'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const BUDGET_MS = 60_000

// The report writer looks for its fonts beside the running file (apps/api's assets, copied).
const here = fileURLToPath(new URL('.', import.meta.url))
mkdirSync(join(here, 'assets'), { recursive: true })
cpSync(join(here, '../../apps/api/assets/fonts'), join(here, 'assets/fonts'), { recursive: true })

const party = (client_id: string, name: string, user_name: string) => ({
  client_id,
  name,
  user_id: `${client_id}-user`,
  user_name,
})
const capital = party('demo-capital', 'Demo Capital', 'Dev Dealer')
const securities = party('demo-securities', 'Demo Securities', 'Bharat Broker')
const ticket: Ticket = {
  id: 4711,
  state: 'settled',
  version: 7,
  kind: 'order',
  finstrument_id: 'IN0020210244',
  isin: 'IN0020210244',
  display_name: '6.54% GS 2032',
  buy_or_sell: 'buy',
  role: 'initiator',
  initiator: capital,
  counterparty: securities,
  buyer: capital,
  seller: securities,
  broker_details: [{ buy_or_sell: 'sell', user_id: 'demo-securities-user', name: 'Bharat Broker' }],
  broker_side: null,
  seller_details: null,
  quantum: 150_000_000,
  unit_clean_price: 97.1234,
  bond_yield: 0.070395,
  fixed_field: 'yield',
  settlement_date: '2026-11-27',
  trade_date: '2026-11-26',
  trade_time: '14:05',
  traded_at: '2026-11-26T08:35:00.000Z',
  exchange: 'NSE',
  consideration: {
    principal: '145685100.00',
    accrued_interest: '2190958.33',
    consideration: '147876058.33',
    stamp_duty: '147.88',
    brokerage: '0.00',
    total: '147876206.21',
    accrued_per_100: 1.4606388889,
  },
  custodian: { client_id: 'hdfc-bank', name: 'HDFC Bank Limited' },
  channel_url: 'trading-group',
  message_id: '1000',
  quote_text: 'Done ✅ 15 cr 6.54 GS 2032 @ 7.0395 T+1',
  report: {
    exchange: 'NSE',
    status: 'confirmed',
    reference: 'NCL20261126004711001',
    reason: null,
    reported_at: '2026-11-26T08:36:00.000Z',
    due_at: '2026-11-26T08:50:00.000Z',
    overdue: false,
  },
  settled_at: '2026-11-27T04:30:00.000Z',
  actions: [],
  created_at: '2026-11-26T08:35:30.000Z',
  updated_at: '2026-11-27T04:30:00.000Z',
}

const TEXTS = [
  '6.54 GS 32  7.0425/7.0375  25/25',
  'Need 25 cr 6.54 GS 32 for the treasury book, can you check the street?',
  'Chkd. Seller ok at 7.0395 for 15 cr only, rest needs 7.04 👍',
  'सेटलमेंट T+1 ठीक है? ICCL के साथ',
  'Colour: 2-3 PSU banks on the bid, 10y printed 7.0375 at the open, FPIs light sellers since RBI minutes; ' +
    'we think the 32s stay anchored while the curve bear-flattens into the auction on Friday. ' +
    'Flows from insurance in the long end, 2033s and 2034s offered in size.',
  'https://example.test/research/notes/2026/11/26/rates-morning-note-with-a-very-long-address-x9y8z7',
]

/** A chat of `count` messages a minute apart around the deal, its day's EOIs and the lifecycle. */
function reconstruction(count: number): TradeReconstruction {
  const deal = Date.parse(ticket.traded_at)
  const before = Math.floor((count * 2) / 3)
  const events: ReconstructionEvent[] = []
  for (let i = 0; i < count; i += 1) {
    const at = new Date(deal + (i - before) * 15_000).toISOString()
    const sender = i % 2 === 0 ? capital : securities
    const file = i % 97 === 0
    events.push({
      at,
      kind: i === before ? 'quote' : 'message',
      title: i === before ? 'Quote (the ticket’s deal message)' : file ? 'File shared' : 'Message',
      detail: i === before ? ticket.quote_text : file ? `runs-${i}.csv` : TEXTS[i % TEXTS.length]!,
      actor_name: sender.user_name,
      actor_client_name: sender.name,
    })
  }
  for (let i = 0; i < 20; i += 1) {
    events.push({
      at: new Date(deal - (20 - i) * 600_000).toISOString(),
      kind: i % 5 === 4 ? 'negotiation' : 'rfq',
      title: i % 5 === 4 ? 'Negotiation (closed)' : 'BID EOI',
      detail: '₹15 cr at 7.0400% (price 97.1100), settles 27-Nov-2026; closed, from dart',
      actor_name: 'Dev Dealer',
      actor_client_name: 'Demo Capital',
    })
  }
  const lifecycle: [string, ReconstructionEvent['kind'], number][] = [
    ['Created (now draft)', 'ticket', 30_000],
    ['Edited', 'ticket', 40_000],
    ['Sent (now sent)', 'ticket', 50_000],
    ['Confirmed (now confirmed)', 'ticket', 55_000],
    ['Consideration accepted (now accepted)', 'order', 58_000],
    ['Reported (now reported)', 'report', 60_000],
    ['Settled (now settled)', 'settlement', 72_000_000],
  ]
  for (const [title, kind, offset] of lifecycle) {
    events.push({
      at: new Date(deal + offset).toISOString(),
      kind,
      title,
      detail: kind === 'report' ? `NSE Clearing confirmed ${ticket.report.reference}` : null,
      actor_name: 'Dev Dealer',
      actor_client_name: 'Demo Capital',
    })
  }
  events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  return { ticket, events }
}

async function measure(count: number) {
  const data = reconstruction(count)
  const times: number[] = []
  let bytes = new Uint8Array()
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now()
    bytes = await renderReport(
      {
        title: `Trade reconstruction: order ${ticket.id}`,
        subtitle: `${ticket.display_name} · ${ticket.isin}`,
        generatedAt: new Date(),
      },
      reconstructionBlocks(data, { name: 'Chitra Compliance', clientName: 'Demo Capital' }),
    )
    times.push(performance.now() - started)
  }
  const pages = (new TextDecoder('latin1').decode(bytes).match(/\/Type \/Page\b/g) ?? []).length
  return { count, events: data.events.length, times, bytes: bytes.length, pages }
}

console.log(`machine: ${machine()}; ${RUNS} runs each`)
const rows = [await measure(30), await measure(MESSAGES)]
console.log('| chat messages | events | pages | PDF size | render, each run | worst | budget |')
console.log('| ---: | ---: | ---: | ---: | --- | ---: | --- |')
let missed = false
for (const r of rows) {
  const worst = Math.max(...r.times)
  if (worst >= BUDGET_MS) missed = true
  console.log(
    `| ${r.count.toLocaleString('en-IN')} | ${r.events} | ${r.pages} | ${(r.bytes / 1024).toFixed(0)} KiB | ${r.times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} | ${(worst / 1000).toFixed(2)} s | ${worst < BUDGET_MS ? 'met' : 'MISSED'} (< 60 s) |`,
  )
}
process.exit(missed ? 1 : 0)
