// Bundles the server into dist/main.js. Workspace packages (@bonds/*) ship TypeScript source,
// so they are bundled; every other dependency stays an import resolved from node_modules.
import { build } from 'esbuild'

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@bonds/') ? undefined : { path: args.path, external: true },
        )
      },
    },
  ],
})
