#!/usr/bin/env node
// Where a server's CPU went while it answered a route: reads a V8 `.cpuprofile` (the server run
// with BENCH_NODE_ARGS=--cpu-prof), keeps the samples between the first and the last one whose
// stack holds `marker` (the load, not the start-up), and prints the CPU busy in that window, its
// share by area (the first matching area from the leaf up) and the functions with the most self
// time. With `count` (requests answered in the window) it prints CPU ms per request: a figure the
// machine's other load hardly changes, unlike latency.
// usage: node bench/lib/profile-summary.mjs <file.cpuprofile> <marker function> [count]
import { readFileSync } from 'node:fs'

const [file, marker = 'createEoi', countArg] = process.argv.slice(2)
if (!file) {
  console.error('usage: node bench/lib/profile-summary.mjs <file.cpuprofile> <marker> [count]')
  process.exit(2)
}
const profile = JSON.parse(readFileSync(file, 'utf8'))
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

/** A frame's path inside its package (`drizzle-orm/sql/sql.js`), or its url outside one. */
const pkg = (f) => f.url.replace(/.*node_modules\//, '')

/** Areas a sample is charged to: the first whose test matches a frame, leaf first. */
const AREAS = [
  [
    'socket fan-out (ws send, coalescer)',
    (f) =>
      /\/ws\/lib\//.test(f.url) ||
      /^(flushDue|sendOrDrop|deliver)$/.test(f.functionName) ||
      (f.functionName === 'write' && /\/coalescer\.ts|dist\/main\.js/.test(f.url)),
  ],
  ['PGlite (WASM)', (f) => /^@electric-sql\/pglite\//.test(pkg(f))],
  ['drizzle (query building, mapping)', (f) => /^drizzle-orm\//.test(pkg(f))],
  ['pg driver', (f) => /^(pg|pg-protocol|pg-pool|pg-types)\//.test(pkg(f))],
  [
    'pricing',
    (f) =>
      /pricing/.test(f.url) ||
      /^(priceAt|quotePrice|yieldFromPrice|priceFromYield)$/.test(f.functionName),
  ],
  ['zod (validation, serialisation)', (f) => /\/zod\//.test(f.url)],
  ['jose (token check)', (f) => /\/jose\//.test(f.url)],
  ['fastify, http', (f) => /fastify|find-my-way|_http_|helmet|light-my-request/.test(f.url)],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
]

const stackOf = (id) => {
  const frames = []
  for (let at = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at).callFrame)
  return frames
}

// Sample times.
const times = []
let t = profile.startTime
for (const delta of profile.timeDeltas) times.push((t += delta))
const hasMarker = new Map()
const marked = (id) => {
  if (!hasMarker.has(id))
    hasMarker.set(
      id,
      stackOf(id).some((f) => f.functionName === marker),
    )
  return hasMarker.get(id)
}
let first = -1
let last = -1
profile.samples.forEach((id, i) => {
  if (marked(id)) {
    if (first < 0) first = i
    last = i
  }
})
if (first < 0) {
  console.error(`no sample holds ${marker}`)
  process.exit(1)
}

const areaMs = new Map()
const selfMs = new Map()
let busy = 0
let idle = 0
for (let i = first; i <= last; i += 1) {
  const ms = (times[i + 1] ?? times[i]) / 1000 - times[i] / 1000
  const node = byId.get(profile.samples[i])
  const leaf = node.callFrame
  if (leaf.functionName === '(idle)') {
    idle += ms
    continue
  }
  busy += ms
  const frames = stackOf(node.id)
  const area = AREAS.find(([, test]) => frames.some(test))?.[0] ?? 'other (app code, node)'
  areaMs.set(area, (areaMs.get(area) ?? 0) + ms)
  const where = leaf.url
    .replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '')
    .replace(/^file:\/\/.*\/apps\//, 'apps/')
  const key = `${leaf.functionName || '(anonymous)'} ${where}:${leaf.lineNumber + 1}`
  selfMs.set(key, (selfMs.get(key) ?? 0) + ms)
}
const wall = (times[last] - times[first]) / 1000
const count = countArg ? Number(countArg) : null
const per = (ms) => (count ? ` | ${(ms / count).toFixed(2)}` : '')
console.log(
  `window ${(wall / 1000).toFixed(1)} s (first to last sample in ${marker}): busy ${(busy / 1000).toFixed(1)} s, idle ${(idle / 1000).toFixed(1)} s${count ? `; ${count} requests: ${(busy / count).toFixed(2)} CPU ms each` : ''}\n`,
)
console.log(`| area | CPU ms | share${count ? ' | ms per request' : ''} |`)
console.log(`| --- | --- | ---${count ? ' | ---' : ''} |`)
for (const [area, ms] of [...areaMs].sort((a, b) => b[1] - a[1])) {
  console.log(`| ${area} | ${ms.toFixed(0)} | ${((100 * ms) / busy).toFixed(1)} %${per(ms)} |`)
}
console.log('\ntop self time:')
for (const [key, ms] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${ms.toFixed(0).padStart(7)} ms  ${key}`)
}
