#!/usr/bin/env node
// `npm start` and `npm test`: bootstrap a fresh machine, then run.
//   node tooling/scripts/src/run.mjs start   build what is stale, serve everything on $PORT (3000)
//   node tooling/scripts/src/run.mjs test    every check: lint, types, unit, stories, end to end
import { fileURLToPath } from 'node:url'
import { ensureDependencies, ensurePnpm, ensureTestTools, run } from './bootstrap.mjs'

const root = fileURLToPath(new URL('../../../', import.meta.url))
process.chdir(root)
process.env.TURBO_TELEMETRY_DISABLED = '1'
process.env.STORYBOOK_DISABLE_TELEMETRY = '1'

const command = process.argv[2]
try {
  ensurePnpm()
  ensureDependencies()
  if (command === 'start') {
    const built = run('pnpm', [
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@bonds/api...',
      '--output-logs=errors-only',
    ])
    if (built !== 0) process.exit(built)
    process.env.DEMO_MODE ??= process.env.NODE_ENV === 'production' ? 'false' : 'true'
    // The demo's simulated NSE/BSE RFQ venue is open at any hour, so "send to RFQ" can be tried on
    // an evening or a weekend (decision 359; set VENUE_SESSION to keep the exchanges' hours).
    if (process.env.DEMO_MODE === 'true' && process.env.NODE_ENV !== 'production') {
      process.env.VENUE_SESSION ??= '00:00-24:00 daily'
    }
    process.exit(run('node', ['apps/api/dist/main.js']))
  } else if (command === 'test') {
    ensureTestTools()
    process.exit(run('node', ['tooling/scripts/src/test-all.mjs']))
  } else {
    console.error('usage: run.mjs start|test')
    process.exit(2)
  }
} catch (error) {
  console.error(`[bootstrap] ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
