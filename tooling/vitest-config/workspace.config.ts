import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// One run over every package and app that has a vitest.config.ts (`pnpm test:unit` at the root).
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../', import.meta.url)),
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'tooling/*/vitest.config.ts',
    ],
  },
})
