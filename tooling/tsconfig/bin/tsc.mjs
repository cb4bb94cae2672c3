#!/usr/bin/env node
// `bonds-tsc`: the packages' type-check, with TypeScript 7 (native, several times faster than 6 on
// a 2-core machine). TypeScript 6 stays the workspace's `typescript` for typescript-eslint and the
// Storybook docgen, which need the JS API that 7 no longer has. Arguments go to `tsc` as given.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

// The package's exports map hides bin/, so it is found where pnpm links this package's dependency.
const tsc = fileURLToPath(new URL('../node_modules/typescript-native/bin/tsc', import.meta.url))
const { status, signal } = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], {
  stdio: 'inherit',
})
process.exit(status ?? (signal ? 1 : 0))
