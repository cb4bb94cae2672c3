import react from '@vitejs/plugin-react'
import { randomUUID } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy of every text asset, so the server sends them
 * pre-compressed (`@fastify/static`'s `preCompressed`) without compressing per request.
 */
export function precompressPlugin() {
  return {
    name: 'bonds-precompress',
    apply: 'build',
    // After the files are written: Vite rewrites chunks (preload maps) up to the last moment.
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist'
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName) || fileName.endsWith('.map')) continue
        const path = join(outDir, fileName)
        const bytes = readFileSync(path)
        if (bytes.length < 1024) continue
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        )
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }))
      }
    },
  }
}

/**
 * Writes `builds/latest.json` (`{ id }`) next to the app's assets and exposes the same id as
 * `import.meta.env.VITE_BUILD_ID`, so a running page can tell that a newer build is out.
 */
export function buildIdPlugin(buildId = randomUUID()) {
  return {
    name: 'bonds-build-id',
    config() {
      return { define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) } }
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ id: buildId, builtAt: new Date().toISOString() })}\n`,
      })
    },
  }
}

/** The Vite config every web app uses: React, the build id, hashed assets under `base`. */
export function appConfig({ base, port }) {
  return {
    base,
    plugins: [react(), buildIdPlugin(), precompressPlugin()],
    server: {
      port,
      proxy: {
        '/api': 'http://localhost:3000',
        '/ws': { target: 'ws://localhost:3000', ws: true },
      },
    },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      sourcemap: true,
      // dist/.vite/manifest.json: which chunks and CSS a route's module needs (the prerender
      // links a prerendered page's CSS from it); not served.
      manifest: true,
      chunkSizeWarningLimit: 900,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Popover positioning is needed only by menus, tooltips and comboboxes, all loaded
            // after the first paint; its own chunk keeps it out of the initial JavaScript.
            // React gets its own chunk first, or the group would pull it in as a dependency.
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                priority: 2,
              },
              { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 1 },
            ],
          },
        },
      },
    },
  }
}
