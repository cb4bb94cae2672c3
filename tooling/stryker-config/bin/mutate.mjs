#!/usr/bin/env node
// `bonds-mutate`: a logic package's `mutate` task. Runs Stryker in the package's folder, which reads
// the package's stryker.config.mjs; arguments go to `stryker run` as given.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

// The package's exports map hides bin/, so Stryker is found where pnpm links this package's dependency.
const stryker = fileURLToPath(
  new URL('../node_modules/@stryker-mutator/core/bin/stryker.js', import.meta.url),
)
const { status, signal } = spawnSync(process.execPath, [stryker, 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  // Tests may do less repetitive work in a mutation run (property tests try fewer cases).
  env: { ...process.env, BONDS_MUTATION_RUN: '1' },
})
process.exit(status ?? (signal ? 1 : 0))
