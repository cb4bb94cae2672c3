#!/usr/bin/env node
// Bundles a benchmark (TypeScript, may import the server's source) with esbuild and runs it.
// usage: node bench/run.mjs search|socket|pricing|find|suite|stream|parser|surveillance|fuzz|mind|signin|inventory|inventory-browser|chat|dartjs|quotes|rfqscroll   (after `pnpm build`; see bench/README.md)
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const name = process.argv[2]
if (
  ![
    'search',
    'socket',
    'pricing',
    'find',
    'suite',
    'stream',
    'parser',
    'surveillance',
    'fuzz',
    'mind',
    'signin',
    'inventory',
    'inventory-browser',
    'chat',
    'dartjs',
    'quotes',
    'rfqscroll',
  ].includes(name ?? '')
) {
  console.error(
    'usage: node bench/run.mjs search|socket|pricing|find|suite|stream|parser|surveillance|fuzz|mind|signin|inventory|inventory-browser|chat|dartjs|quotes|rfqscroll',
  )
  process.exit(2)
}
const here = fileURLToPath(new URL('.', import.meta.url))
// The chat bench runs the server's source in process: bundled beside the built server, it finds the
// server's packages and migrations as dist/main.js does.
const out =
  name === 'chat'
    ? join(here, '..', 'apps', 'api', 'dist', 'bench', `${name}.mjs`)
    : join(here, '.out', `${name}.mjs`)
await build({
  // inventory-browser: the inventory page under live quotes (bench/inventory/browser.ts).
  entryPoints: [
    name === 'inventory-browser'
      ? join(here, 'inventory', 'browser.ts')
      : join(here, name, 'bench.ts'),
  ],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@bonds/') ? undefined : { path: args.path, external: true },
        )
      },
    },
  ],
  logLevel: 'warning',
})
const result = spawnSync('node', [out, ...process.argv.slice(3)], { stdio: 'inherit', cwd: here })
process.exit(result.status ?? 1)
