import { nodePreset } from '@bonds/vitest-config'
import { configDefaults, defineProject } from 'vitest/config'

// One project, because the workspace run (tooling/vitest-config/workspace.config.ts) takes each
// package's vitest.config.ts as one project and does not nest projects. The pure library's
// tests run in node; the React entry's tests (src/react/*.test.tsx) declare
// `@vitest-environment jsdom` and get the DOM setup through src/react/test-setup.ts.
const node = nodePreset('pricing')

export default defineProject({
  test: {
    ...node.test,
    include: ['src/**/*.test.{ts,tsx}'],
    // A mutation run (`pnpm mutate`) mutates the pure library only: the React entry's tests
    // (jsdom, Mantine) would rerun for every library mutant they reach.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.BONDS_MUTATION_RUN ? ['src/react/**'] : []),
    ],
    // The preset's setup (fast-check's fixed seed) first, then the package's own.
    setupFiles: [node.test?.setupFiles ?? [], './src/react/test-setup.ts'].flat(),
    css: false,
  },
})
