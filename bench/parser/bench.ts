// The desk-chat quote parser against the labelled corpus (corpus.json), with the whole bond
// universe (apps/api/data, as the server imports it) behind an in-memory resolver. Reports
// precision and recall of bond, side, size and level, how many quotes were found, and the
// precision of what the parser would auto-accept. `--verbose` lists every miss.
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { memoryResolver, parseChatQuotes, type ChatQuote } from '@bonds/trading/chat-quotes'
import { loadUniverse } from '../../apps/api/src/modules/finstruments/universe.ts'

/** The day the corpus was labelled: bonds matured by then are not found. */
const AS_OF = process.env.BENCH_PARSER_AS_OF ?? '2026-11-26'
const verbose = process.argv.includes('--verbose')

interface Labelled {
  bond: string | null
  side: 'BID' | 'ASK'
  yield?: number
  price?: number
  crore?: number
  quantum?: number
  t?: 0 | 1
}
interface Corpus {
  bonds: Record<string, string>
  messages: { text: string; quotes: Labelled[] }[]
}
interface Expected {
  isin: string | null
  side: 'BID' | 'ASK'
  yield: number | null
  price: number | null
  quantum: number | null
  settlement: 0 | 1 | null
}

// run.mjs runs the bundle from bench/. `--holdout`, `--holdout-2`, `--holdout-3`: a held-out set
// (bonds as in corpus.json).
const read = (name: string) => JSON.parse(readFileSync(join(process.cwd(), 'parser', name), 'utf8'))
const holdoutName = ['--holdout', '--holdout-2', '--holdout-3'].find((flag) =>
  process.argv.includes(flag),
)
const holdout = holdoutName !== undefined
const corpus: Corpus = holdout
  ? {
      ...read(`${holdoutName!.slice(2)}.json`),
      bonds: (read('corpus.json') as Corpus).bonds,
    }
  : read('corpus.json')
const universe = loadUniverse({
  asOf: AS_OF,
  dataDir: join(process.cwd(), '../apps/api/data'),
}).filter((r) => r.isAvailable)
const resolver = memoryResolver(universe, AS_OF)
if (process.argv.includes('--write-fixture')) {
  writeFixture()
  process.exit(0)
}
const known = new Set(universe.map((r) => r.isin))
for (const [label, isin] of Object.entries(corpus.bonds)) {
  if (!known.has(isin))
    throw new Error(`corpus bond ${label} (${isin}) is not live in the universe`)
}

function expected(q: Labelled): Expected {
  const isin = q.bond === null ? null : corpus.bonds[q.bond]
  if (isin === undefined) throw new Error(`unknown bond label ${q.bond}`)
  return {
    isin,
    side: q.side,
    yield: q.yield !== undefined ? Number((q.yield / 100).toFixed(6)) : null,
    price: q.price ?? null,
    quantum: q.quantum ?? (q.crore !== undefined ? Math.round(q.crore * 1e7) : null),
    settlement: q.t ?? null,
  }
}

const close = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) < 1e-9
const sameLevel = (p: ChatQuote, e: Expected) => close(p.yield, e.yield) && close(p.price, e.price)
const sameBond = (p: ChatQuote, e: Expected) => p.isin === e.isin
const sameSize = (p: ChatQuote, e: Expected) => close(p.quantum, e.quantum)
const exact = (p: ChatQuote, e: Expected) =>
  sameBond(p, e) &&
  p.quoteType === e.side &&
  sameLevel(p, e) &&
  sameSize(p, e) &&
  p.settlementDelta === e.settlement

const n = {
  expected: 0,
  predicted: 0,
  matched: 0,
  bondPredicted: 0,
  bondExpected: 0,
  bondRight: 0,
  sideRight: 0,
  sizePredicted: 0,
  sizeExpected: 0,
  sizeRight: 0,
  levelRight: 0,
  exact: 0,
  auto: 0,
  autoRight: 0,
  messages: corpus.messages.length,
  noQuoteMessages: 0,
  noQuoteClean: 0,
}
const misses: string[] = []
const started = performance.now()

for (const message of corpus.messages) {
  const want = message.quotes.map(expected)
  const got = await parseChatQuotes(message.text, resolver)
  n.expected += want.length
  n.predicted += got.length
  n.bondExpected += want.filter((e) => e.isin !== null).length
  n.bondPredicted += got.filter((p) => p.isin !== null).length
  n.sizeExpected += want.filter((e) => e.quantum !== null).length
  n.sizePredicted += got.filter((p) => p.quantum !== null).length
  n.auto += got.filter((p) => p.auto).length
  if (want.length === 0) {
    n.noQuoteMessages += 1
    if (got.length === 0) n.noQuoteClean += 1
  }
  // Pair each read quote with the labelled quote it agrees with most (the level counts most).
  const pairs: [ChatQuote, Expected][] = []
  const free = new Set(want)
  const score = (p: ChatQuote, e: Expected) =>
    (sameLevel(p, e) ? 4 : 0) +
    (p.quoteType === e.side ? 2 : 0) +
    (sameBond(p, e) && e.isin !== null ? 2 : 0) +
    (sameSize(p, e) ? 1 : 0)
  for (const p of got) {
    let best: Expected | null = null
    for (const e of free) {
      const ok = sameLevel(p, e) || (sameBond(p, e) && e.isin !== null && p.quoteType === e.side)
      if (ok && (!best || score(p, e) > score(p, best))) best = e
    }
    if (best) {
      free.delete(best)
      pairs.push([p, best])
    } else {
      misses.push(`extra   ${JSON.stringify(message.text)} → ${describe(p)}`)
      if (p.auto) misses.push(`  ^ AUTO-ACCEPTED WRONGLY`)
    }
  }
  for (const e of free)
    misses.push(`missed  ${JSON.stringify(message.text)} → ${JSON.stringify(e)}`)
  for (const [p, e] of pairs) {
    n.matched += 1
    if (sameBond(p, e) && e.isin !== null) n.bondRight += 1
    if (p.quoteType === e.side) n.sideRight += 1
    if (sameSize(p, e) && e.quantum !== null) n.sizeRight += 1
    if (sameLevel(p, e)) n.levelRight += 1
    if (exact(p, e)) n.exact += 1
    if (p.auto && exact(p, e)) n.autoRight += 1
    if (!exact(p, e)) {
      misses.push(
        `wrong${p.auto ? '*' : ' '}  ${JSON.stringify(message.text)} → ${describe(p)} want ${JSON.stringify(e)}`,
      )
    }
  }
}
const ms = performance.now() - started

function describe(p: ChatQuote): string {
  return JSON.stringify({
    isin: p.isin,
    side: p.quoteType,
    yield: p.yield,
    price: p.price,
    quantum: p.quantum,
    t: p.settlementDelta,
    confidence: p.confidence,
    auto: p.auto,
    doubts: p.doubts,
  })
}

const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`)
const bondPrecisionRight = n.bondRight
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; universe ${universe.length} live securities as of ${AS_OF}`,
)
console.log(
  `${holdout ? 'Held-out set' : 'Corpus'}: ${n.messages} messages (${n.noQuoteMessages} with no quote), ${n.expected} labelled quotes; parsed in ${ms.toFixed(0)} ms (${(ms / n.messages).toFixed(2)} ms a message)\n`,
)
console.log('| field | precision | recall |')
console.log('| --- | --- | --- |')
console.log(`| quote found | ${pct(n.matched, n.predicted)} | ${pct(n.matched, n.expected)} |`)
console.log(
  `| bond (ISIN) | ${pct(bondPrecisionRight, n.bondPredicted)} | ${pct(n.bondRight, n.bondExpected)} |`,
)
console.log(`| side | ${pct(n.sideRight, n.predicted)} | ${pct(n.sideRight, n.expected)} |`)
console.log(
  `| size (quantum) | ${pct(n.sizeRight, n.sizePredicted)} | ${pct(n.sizeRight, n.sizeExpected)} |`,
)
console.log(
  `| level (yield or price) | ${pct(n.levelRight, n.predicted)} | ${pct(n.levelRight, n.expected)} |`,
)
console.log(`| whole quote exact | ${pct(n.exact, n.predicted)} | ${pct(n.exact, n.expected)} |`)
console.log(
  `\nAuto-accepted: ${n.auto} quotes (${pct(n.auto, n.expected)} of the labelled), ${n.autoRight} exactly right: precision ${pct(n.autoRight, n.auto)} (goal ≥ 98 %)`,
)
console.log(`Quotes found: ${pct(n.matched, n.expected)} (goal ≥ 90 %)`)
console.log(
  `Messages with no quote read as none: ${n.noQuoteClean} of ${n.noQuoteMessages} (${pct(n.noQuoteClean, n.noQuoteMessages)})`,
)
if (verbose) console.log(`\n${misses.join('\n')}`)
const met = n.auto > 0 && n.autoRight / n.auto >= 0.98 && n.matched / n.expected >= 0.9
process.exit(met ? 0 : 1)

/**
 * `--write-fixture`: the unit tests' universe, a slice of the real one (every live G-sec, the
 * SDLs and corporates the tests name, and bonds that share a coupon and year with a G-sec).
 */
function writeFixture(): void {
  const year = (r: (typeof universe)[number]) => Number(r.maturityDate?.slice(0, 4))
  const rows = universe.filter(
    (r) =>
      r.securityType === 'GSEC' ||
      (r.state === 'Maharashtra' && year(r) === 2030) ||
      (r.couponRate === 0.0726 && year(r) === 2029) ||
      (r.state === 'Karnataka' && year(r) === 2035) ||
      (r.state === 'Tamil Nadu' && year(r) === 2034) ||
      /HDFC Bank|LIC Housing|Power Finance|National Highways/.test(r.issuer),
  )
  const fixture = {
    about: `A slice of the bond universe (apps/api/data, loadUniverse as of ${AS_OF}) for the parser's unit tests; written by \`node bench/run.mjs parser --write-fixture\`.`,
    bonds: rows.map((r) => ({
      id: r.id,
      isin: r.isin,
      displayName: r.displayName,
      issuer: r.issuer,
      securityType: r.securityType,
      couponRate: r.couponRate,
      maturityDate: r.maturityDate,
      state: r.state,
      faceValue: r.faceValue,
    })),
  }
  const out = join(process.cwd(), '../packages/trading/src/chat-quotes/testing/universe.json')
  writeFileSync(out, `${JSON.stringify(fixture, null, 1)}\n`)
  console.log(`${rows.length} bonds → ${out}`)
}
