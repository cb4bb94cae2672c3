import { nodePreset } from '@bonds/vitest-config'
import { defineProject } from 'vitest/config'

// One project (the workspace run takes each package's vitest.config.ts as one project). The core's
// tests run in node; the React entry's tests (src/react/**/*.test.tsx) declare
// `@vitest-environment jsdom` and get the DOM setup through src/react/test-setup.ts.
const node = nodePreset('chat-core')

export default defineProject({
  test: {
    ...node.test,
    include: ['src/**/*.test.{ts,tsx}'],
    // The preset's setup (fast-check's fixed seed) first, then the package's own.
    setupFiles: [node.test?.setupFiles ?? [], './src/react/test-setup.ts'].flat(),
    css: false,
  },
})
