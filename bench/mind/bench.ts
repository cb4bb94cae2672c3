// mind's evaluation: researcher questions (questions.json) put to the built-in planner over the
// whole universe (apps/api/data, as the server imports it). Each expected answer is derived here
// from the data and @bonds/pricing by plain code (an oracle), not by the engine. Reports accuracy
// per kind and latency; exits 1 when accuracy is under 95 % or p95 is 1 s or more.
// `--holdout`: the held-out set; `--holdout2`: the second (48 questions); `--holdout3`: the third (53); `--server`: p95 through the server (server.ts); `--verbose`: every miss; `--write-fixture`: cut the engine's unit-test universe slice.
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { createAnalyst, type Answer } from '@bonds/analyst/engine'
import { cashflows, priceFromYield, yieldFromPrice, type BondTerms } from '@bonds/pricing'
import {
  loadUniverse,
  type FinstrumentRecord,
} from '../../apps/api/src/modules/finstruments/universe.ts'

/** The day the set was written: "active" and default settlements count from it. */
const TODAY = process.env.BENCH_MIND_TODAY ?? '2026-11-27'
const verbose = process.argv.includes('--verbose')

/** A screen as the oracle reads it: plain conditions on the records. */
interface OracleScreen {
  types?: string[]
  state?: string
  active?: boolean
  matured?: boolean
  maturityYear?: number
  maturityAfterYear?: number
  maturityBeforeYear?: number
  grade?: string
  agency?: string
  issuerIncludes?: string
  taxFree?: boolean
  couponAbove?: number
  couponBelow?: number
  nameMatches?: string
}
type Expect =
  | { isin: string }
  | { couponOf: string }
  | { maturityOf: string }
  | { count: OracleScreen }
  | { list: OracleScreen }
  | { extreme: OracleScreen; by: 'coupon' | 'maturity'; order: 'highest' | 'lowest' }
  | { yieldAt: { isin: string; settlement: string; clean: number } }
  | { priceAt: { isin: string; settlement: string; yield: number; field: 'clean' | 'dirty' } }
  | { accruedAt: { isin: string; settlement: string } }
  | { nextFlow: { isin: string; settlement: string } }
  | { compared: string[] }
  | { declined: true }
interface Question {
  q: string
  kind: string
  expect: Expect
}

if (process.argv.includes('--server')) {
  await import('./server.ts')
  process.exit()
}

const universe = loadUniverse({ asOf: TODAY, dataDir: join(process.cwd(), '../apps/api/data') })
if (process.argv.includes('--write-fixture')) {
  writeFixture()
  process.exit(0)
}
const byIsin = new Map(universe.map((r) => [r.isin, r]))
const record = (isin: string): FinstrumentRecord => {
  const r = byIsin.get(isin)
  if (!r) throw new Error(`${isin} is not in the universe`)
  return r
}
const matured = (r: FinstrumentRecord) =>
  r.maturityDate !== null
    ? r.maturityDate < TODAY
    : r.maturityYear !== null && r.maturityYear < Number(TODAY.slice(0, 4))

function screened(s: OracleScreen): FinstrumentRecord[] {
  return universe.filter((r) => {
    const year = r.maturityDate ? Number(r.maturityDate.slice(0, 4)) : null
    const coupon = r.couponRate === null ? null : r.couponRate * 100
    return (
      (s.types === undefined || s.types.includes(r.securityType)) &&
      (s.state === undefined || r.state === s.state) &&
      ((s.matured ? matured(r) : !matured(r)) || s.active === false) &&
      (s.maturityYear === undefined || year === s.maturityYear) &&
      (s.maturityAfterYear === undefined || (year !== null && year > s.maturityAfterYear)) &&
      (s.maturityBeforeYear === undefined || (year !== null && year < s.maturityBeforeYear)) &&
      (s.grade === undefined || (r.rating ?? '').split(' ').slice(1).join(' ') === s.grade) &&
      (s.agency === undefined || (r.rating ?? '').split(' ')[0] === s.agency) &&
      (s.issuerIncludes === undefined || r.issuer.toLowerCase().includes(s.issuerIncludes)) &&
      (s.taxFree === undefined || (r.securityType === 'TAX_FREE') === s.taxFree) &&
      (s.couponAbove === undefined || (coupon !== null && coupon > s.couponAbove)) &&
      (s.couponBelow === undefined || (coupon !== null && coupon < s.couponBelow)) &&
      (s.nameMatches === undefined || new RegExp(s.nameMatches, 'i').test(r.displayName))
    )
  })
}

function terms(r: FinstrumentRecord): BondTerms {
  return {
    convention: r.convention!,
    maturityDate: r.maturityDate!,
    couponRate: r.couponRate!,
    ...(r.frequency ? { frequency: r.frequency } : {}),
    calls: r.calls,
    puts: r.puts,
  }
}
const r4 = (x: number) => Math.round(x * 10_000) / 10_000
const near = (a: unknown, b: number, tolerance = 0.00011) =>
  typeof a === 'number' && Math.abs(a - b) <= tolerance
const sameSet = (a: unknown, b: string[]) =>
  Array.isArray(a) && a.length === b.length && [...a].sort().join() === [...b].sort().join()

/** Whether an answer is right, by the oracle. */
function right(answer: Answer, expect: Expect): boolean {
  const { kind, value } = answer.result
  if ('declined' in expect) return kind === 'declined'
  if ('isin' in expect) return kind === 'bond' && value === expect.isin
  if ('couponOf' in expect)
    return kind === 'number' && near(value, record(expect.couponOf).couponRate! * 100)
  if ('maturityOf' in expect)
    return kind === 'date' && value === record(expect.maturityOf).maturityDate
  if ('count' in expect) return kind === 'count' && value === screened(expect.count).length
  if ('list' in expect)
    return (
      kind === 'bonds' &&
      sameSet(
        value,
        screened(expect.list).map((r) => r.isin),
      )
    )
  if ('extreme' in expect) {
    const key = (r: FinstrumentRecord) => (expect.by === 'coupon' ? r.couponRate : r.maturityDate)
    const pool = screened(expect.extreme).filter((r) => key(r) !== null)
    const values = pool.map(key) as (number | string)[]
    const best = values.reduce((a, b) => ((expect.order === 'highest' ? b > a : b < a) ? b : a))
    return kind === 'bond' && pool.some((r) => key(r) === best && r.isin === value)
  }
  if ('yieldAt' in expect) {
    const { isin, settlement, clean } = expect.yieldAt
    return (
      kind === 'number' &&
      answer.result.unit === '%' &&
      near(value, r4(yieldFromPrice(terms(record(isin)), settlement, clean) * 100))
    )
  }
  if ('priceAt' in expect) {
    const { isin, settlement, yield: y, field } = expect.priceAt
    const p = priceFromYield(terms(record(isin)), settlement, y / 100)
    return (
      kind === 'number' &&
      near(value, r4(field === 'clean' ? p.cleanPrice : r4(p.cleanPrice) + p.accruedInterest))
    )
  }
  if ('accruedAt' in expect) {
    const { isin, settlement } = expect.accruedAt
    return (
      kind === 'number' &&
      near(value, r4(priceFromYield(terms(record(isin)), settlement, 0.07).accruedInterest))
    )
  }
  if ('nextFlow' in expect) {
    const { isin, settlement } = expect.nextFlow
    return kind === 'date' && value === cashflows(terms(record(isin)), settlement)[0]?.date
  }
  return kind === 'bonds' && sameSet(value, expect.compared)
}

const setName = process.argv.includes('--holdout3')
  ? 'holdout3.json'
  : process.argv.includes('--holdout2')
    ? 'holdout2.json'
    : process.argv.includes('--holdout')
      ? 'holdout.json'
      : 'questions.json'
const questions: Question[] = JSON.parse(
  readFileSync(join(process.cwd(), 'mind', setName), 'utf8'),
).questions
const analyst = createAnalyst({ bonds: universe, today: TODAY })
const byKind = new Map<string, { n: number; right: number }>()
const times: number[] = []
const misses: string[] = []
for (const question of questions) {
  const start = performance.now()
  const answer = await analyst.ask(question.q)
  times.push(performance.now() - start)
  const ok = right(answer, question.expect)
  const tally = byKind.get(question.kind) ?? { n: 0, right: 0 }
  tally.n += 1
  if (ok) tally.right += 1
  else
    misses.push(
      `✗ [${question.kind}] ${question.q}\n   got ${JSON.stringify(answer.result).slice(0, 200)}\n   ${answer.steps.join(' | ').slice(0, 300)}`,
    )
  byKind.set(question.kind, tally)
}
const sorted = [...times].sort((a, b) => a - b)
const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0
const total = [...byKind.values()].reduce((a, t) => ({ n: a.n + t.n, right: a.right + t.right }), {
  n: 0,
  right: 0,
})
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`
console.log(
  `mind evaluation (${setName}), built-in planner: ${questions.length} questions, universe of ${universe.length} bonds as of ${TODAY}; ${cpus().length} cores, Node ${process.version}\n`,
)
console.log('| kind | questions | right | accuracy |')
console.log('| --- | --- | --- | --- |')
for (const [kind, t] of byKind)
  console.log(`| ${kind} | ${t.n} | ${t.right} | ${pct(t.right, t.n)} |`)
console.log(`| **all** | ${total.n} | ${total.right} | **${pct(total.right, total.n)}** |`)
console.log(
  `\nLatency per question (in process, first question included): p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
)
if (verbose || misses.length) console.log(`\n${misses.join('\n')}`)
process.exit(total.right / total.n >= 0.95 && p(0.95) < 1000 ? 0 : 1)

/** `--write-fixture`: the engine's unit tests' universe, a slice of the real one. */
function writeFixture(): void {
  const year = (r: FinstrumentRecord) => r.maturityYear
  const rows = universe.filter(
    (r) =>
      r.securityType === 'GSEC' ||
      r.state === 'Maharashtra' ||
      (r.state === 'Karnataka' && (year(r) ?? 0) >= 2030) ||
      /National Highways Authority|HDFC Bank|State Bank of India/.test(r.issuer) ||
      /tier ?ii|at1|perpetual/i.test(r.displayName) ||
      r.securityType === 'TAX_FREE',
  )
  const fixture = {
    about: `A slice of the bond universe (apps/api/data, loadUniverse as of ${TODAY}) for the analyst engine's unit tests; written by \`node bench/run.mjs mind --write-fixture\`.`,
    bonds: rows.map((r) => ({
      id: r.id,
      isin: r.isin,
      displayName: r.displayName,
      issuer: r.issuer,
      securityType: r.securityType,
      category: r.category,
      couponRate: r.couponRate,
      frequency: r.frequency,
      convention: r.convention,
      maturityDate: r.maturityDate,
      maturityYear: r.maturityYear,
      rating: r.rating,
      state: r.state,
      isFloatingRate: r.isFloatingRate,
      canBePriced: r.canBePriced,
      calls: r.calls,
      puts: r.puts,
      indicativeYield: r.indicativeYield,
      indicativeYieldAsOf: r.indicativeYieldAsOf,
    })),
  }
  const out = join(process.cwd(), '../packages/analyst/src/engine/testing/universe.json')
  writeFileSync(out, `${JSON.stringify(fixture)}\n`)
  console.log(`${rows.length} bonds → ${out}`)
}
