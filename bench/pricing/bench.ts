// Price-from-yield and yield-from-price per second on one core, each call with a different
// yield or price, the schedule prepared once per bond and settlement date; then the same through
// QuantLib's Python bindings (pricing/quantlib_bench.py), side by side.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { prepareBond, type BondTerms } from '@bonds/pricing'
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

function rate(run: (i: number) => number): number {
  let i = 0
  let sink = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < SECONDS * 1000) {
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
const rows: string[] = []
for (const { name, terms } of BONDS) {
  const bond = prepareBond(terms, SETTLE)
  const base = bond.cleanPrice(0.07)
  // Distinct inputs on every call: yields 6–8%, prices ±2 around the 7% price.
  const priceRate = rate((i) => bond.cleanPrice(0.06 + (i % 20_000) * 1e-6))
  const yieldRate = rate((i) => bond.yieldFor(base - 2 + (i % 40_000) * 1e-4))
  rows.push(`| ${name} | ${fmt(priceRate)} | ${fmt(yieldRate)} |`)
}

const script = fileURLToPath(new URL('../pricing/quantlib_bench.py', import.meta.url))
const ql = spawnSync('/usr/bin/python3', [script, String(SECONDS)], { encoding: 'utf8' })
const qlRows = ql.status === 0 ? (JSON.parse(ql.stdout) as Record<string, [number, number]>) : {}

console.log(`\nBond pricing, one core, ${machine()}`)
console.log(
  '| bond | @bonds/pricing price-from-yield | @bonds/pricing yield-from-price | QuantLib price-from-yield | QuantLib yield-from-price |',
)
console.log('| --- | --- | --- | --- | --- |')
for (const [i, row] of rows.entries()) {
  const q = qlRows[BONDS[i]?.name ?? '']
  console.log(`${row} ${q ? `${fmt(q[0])} | ${fmt(q[1])} |` : 'n/a | n/a |'}`)
}
if (ql.status !== 0) console.log(`QuantLib not run: ${ql.stderr.trim().split('\n').at(-1)}`)
