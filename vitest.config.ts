import { defineConfig } from 'vitest/config'

// One run over every package and app that has a vitest.config.ts.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'tooling/*/vitest.config.ts',
    ],
  },
})
