#!/usr/bin/env node
// Where a browser's CPU went in a `.cpuprofile` (the scroll benches' BENCH_PROFILE): the sampled
// time, idle, and for each named function the time with it on the stack (its own and what it
// called) and its own; then the functions with the most self time. Figures of CPU work, which the
// machine's other load changes far less than frame rates.
// usage: node bench/lib/profile-top.mjs <file.cpuprofile> [function name ...]
import { readFileSync } from 'node:fs'

const [file, ...names] = process.argv.slice(2)
if (!file) {
  console.error('usage: node bench/lib/profile-top.mjs <file.cpuprofile> [function name ...]')
  process.exit(2)
}
const profile = JSON.parse(readFileSync(file, 'utf8'))
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

const self = new Map()
const inclusive = new Map(names.map((name) => [name, 0]))
const calls = new Map(names.map((name) => [name, 0]))
let total = 0
const { samples, timeDeltas } = profile
for (let i = 0; i < samples.length; i++) {
  const ms = (timeDeltas[i + 1] ?? 0) / 1000
  total += ms
  const leaf = byId.get(samples[i])
  const leafName = leaf.callFrame.functionName || '(anonymous)'
  self.set(leafName, (self.get(leafName) ?? 0) + ms)
  const seen = new Set()
  for (let id = samples[i]; id !== undefined; id = parent.get(id)) {
    const name = byId.get(id).callFrame.functionName
    if (inclusive.has(name) && !seen.has(name)) {
      seen.add(name)
      inclusive.set(name, inclusive.get(name) + ms)
    }
  }
  // A new run of samples in a function (not the same call sampled again) counts as one entry.
  const previous = i > 0 ? byId.get(samples[i - 1]) : null
  for (const name of seen) {
    let before = false
    for (let id = previous?.id; id !== undefined; id = parent.get(id))
      if (byId.get(id).callFrame.functionName === name) before = true
    if (!before) calls.set(name, calls.get(name) + 1)
  }
}
const fmt = (ms) => `${ms.toFixed(0)} ms`
console.log(`${file}: ${fmt(total)} sampled, ${fmt(self.get('(idle)') ?? 0)} idle`)
for (const name of names) {
  console.log(
    `  ${name}: ${fmt(inclusive.get(name))} on the stack (${calls.get(name)} sampled runs), ${fmt(self.get(name) ?? 0)} self`,
  )
}
console.log('  most self time:')
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`    ${fmt(ms).padStart(9)}  ${name}`)
