// Price-from-yield and yield-from-price per second on one core, each call with a different
// yield or price (no result caching), the schedule prepared once per bond and settlement date
// (prepareBond); the one-off functions (schedule built on every call) for comparison; then the
// same through QuantLib's Python bindings (pricing/quantlib_bench.py), side by side.
// Run: pnpm --filter @bonds/bench pricing   (BENCH_SECONDS per measurement, default 2)
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { prepareBond, priceFromYield, yieldFromPrice, type BondTerms } from '@bonds/pricing'
import { machine } from '../lib/server.ts'

const SETTLE = '2026-11-23'
const BONDS: { name: string; terms: BondTerms }[] = [
  {
    name: '10-year G-sec',
    terms: { convention: 'GSEC', maturityDate: '2036-11-15', couponRate: 0.0726, frequency: 2 },
  },
  {
    name: '30-year G-sec',
    terms: { convention: 'GSEC', maturityDate: '2056-06-19', couponRate: 0.073, frequency: 2 },
  },
  {
    name: '5-year annual corporate',
    terms: {
      convention: 'CORPORATE',
      maturityDate: '2031-11-23',
      couponRate: 0.0745,
      frequency: 1,
    },
  },
]
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2)
const TARGETS = { price: 10_000_000, yield: 2_000_000 }

/** Calls a second of `run(i)` over `seconds`, after a short warm-up. */
function rate(run: (i: number) => number, seconds = SECONDS): number {
  let sink = 0
  for (let i = 0; i < 200_000; i += 1) sink += run(i)
  let i = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < seconds * 1000) {
    for (let k = 0; k < 10_000; k += 1) sink += run(i++)
    elapsed = performance.now() - start
  }
  if (!Number.isFinite(sink)) throw new Error('non-finite result')
  return (i / elapsed) * 1000
}

const fmt = (n: number) =>
  n >= 1e6
    ? `${(n / 1e6).toFixed(2)} M/s`
    : n >= 1e4
      ? `${(n / 1e3).toFixed(0)} k/s`
      : `${n.toFixed(0)} /s`

const measured = BONDS.map(({ name, terms }) => {
  const bond = prepareBond(terms, SETTLE)
  const base = bond.cleanPrice(0.07)
  // Distinct inputs on every call: yields 6–8%, prices ±2 around the 7% price.
  const price = rate((i) => bond.cleanPrice(0.06 + (i % 20_000) * 1e-6))
  const solve = rate((i) => bond.yieldFor(base - 2 + (i % 40_000) * 1e-4))
  const oneOffPrice = rate(
    (i) => priceFromYield(terms, SETTLE, 0.06 + (i % 20_000) * 1e-6).cleanPrice,
    SECONDS / 2,
  )
  const oneOffYield = rate(
    (i) => yieldFromPrice(terms, SETTLE, base - 2 + (i % 40_000) * 1e-4),
    SECONDS / 2,
  )
  return { name, price, solve, oneOffPrice, oneOffYield }
})

const script = fileURLToPath(new URL('../pricing/quantlib_bench.py', import.meta.url))
const ql = spawnSync('/usr/bin/python3', [script, String(SECONDS)], { encoding: 'utf8' })
const qlRows = ql.status === 0 ? (JSON.parse(ql.stdout) as Record<string, [number, number]>) : {}

console.log(`\nBond pricing, one core, ${machine()}, ${new Date().toISOString().slice(0, 10)}`)
console.log(
  '| bond | price-from-yield (prepared) | yield-from-price (prepared) | price-from-yield (one-off) | yield-from-price (one-off) | QuantLib price-from-yield | QuantLib yield-from-price |',
)
console.log('| --- | --- | --- | --- | --- | --- | --- |')
for (const m of measured) {
  const q = qlRows[m.name]
  console.log(
    `| ${m.name} | ${fmt(m.price)} | ${fmt(m.solve)} | ${fmt(m.oneOffPrice)} | ${fmt(m.oneOffYield)} | ${q ? `${fmt(q[0])} | ${fmt(q[1])}` : 'n/a | n/a'} |`,
  )
}
if (ql.status !== 0) console.log(`QuantLib not run: ${ql.stderr.trim().split('\n').at(-1)}`)
const tenYear = measured[0]
if (tenYear) {
  const verdict = (value: number, target: number) =>
    `${fmt(value)} against ${fmt(target)}: ${value >= target ? 'met' : `${((1 - value / target) * 100).toFixed(0)}% short`}`
  console.log(
    `\nTargets, 10-year G-sec: price-from-yield ${verdict(tenYear.price, TARGETS.price)}; yield-from-price ${verdict(tenYear.solve, TARGETS.yield)}`,
  )
}
