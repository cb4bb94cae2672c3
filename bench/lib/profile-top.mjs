#!/usr/bin/env node
// Where a browser's CPU went in a `.cpuprofile` (the scroll benches' BENCH_PROFILE): the sampled
// time, idle, and for each named function the time with it on the stack (its own and what it
// called) and its own; then the functions with the most self time. Figures of CPU work, which the
// machine's other load changes far less than frame rates.
// With `--maps <dir>` (the served build's assets, e.g. apps/web-dart/dist/assets: its .js.map files)
// minified frames are named by their source map: `virtual-core/src/index.ts:1648` is the line
// of the function in the package's source (`getMeasurements` in @tanstack/virtual-core 3.19), so
// a name argument may be such a `file:line` as well as a function's name.
// usage: node bench/lib/profile-top.mjs <file.cpuprofile> [--maps <dir>] [function name ...]
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const args = process.argv.slice(2)
const mapsAt = args.indexOf('--maps')
const mapsDir = mapsAt >= 0 ? args.splice(mapsAt, 2)[1] : null
const [file, ...names] = args
if (!file) {
  console.error('usage: node bench/lib/profile-top.mjs <file.cpuprofile> [function name ...]')
  process.exit(2)
}
const profile = JSON.parse(readFileSync(file, 'utf8'))
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

// Source maps: a frame of a built chunk is named `<package path>:<line>` of its function's start.
const consumers = new Map()
function consumerFor(url) {
  if (!mapsDir || !url) return null
  const base = url.split('/').pop()
  if (!consumers.has(base)) {
    const map = join(mapsDir, `${base}.map`)
    if (!existsSync(map)) consumers.set(base, null)
    else {
      // source-map-js comes with the build tools (postcss); found in pnpm's store.
      const store = join(process.cwd(), 'node_modules', '.pnpm')
      const dir = readdirSync(store).find((d) => d.startsWith('source-map-js@'))
      const { SourceMapConsumer } = createRequire(join(store, dir, 'node_modules', 'x.js'))(
        'source-map-js',
      )
      consumers.set(base, new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))))
    }
  }
  return consumers.get(base)
}
for (const node of profile.nodes) {
  const frame = node.callFrame
  const consumer = consumerFor(frame.url)
  if (!consumer || frame.lineNumber < 0) continue
  const at = consumer.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  })
  if (at.source) {
    const source = at.source.replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '')
    frame.functionName = `${source.replace(/^@[^/]+\//, '').replace(/^(\.\.\/)+/, '')}:${at.line}`
  }
}

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
