import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// One run over every package and app that has a vitest.config.ts (`pnpm test:unit` at the root).
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../', import.meta.url)),
    // Every core: Vitest's default leaves one for its main process (one worker on a 2-core
    // machine), which mostly waits; the test files keep both busy.
    maxWorkers: '100%',
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'tooling/*/vitest.config.ts',
    ],
  },
})
