import { fileURLToPath } from 'node:url'
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS, WAIT_TIMEOUT_MS } from './timeouts.js'

export { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS, WAIT_TIMEOUT_MS }

const setupDom = fileURLToPath(new URL('./setup-dom.ts', import.meta.url))
const setupFastCheck = fileURLToPath(new URL('./setup-fast-check.ts', import.meta.url))

const common = {
  restoreMocks: true,
  testTimeout: TEST_TIMEOUT_MS,
  hookTimeout: HOOK_TIMEOUT_MS,
  expect: { poll: { timeout: WAIT_TIMEOUT_MS } },
}

/** Vitest settings for pure TypeScript packages and the server (node environment). */
export function nodePreset(name) {
  return {
    test: {
      name,
      environment: 'node',
      include: ['src/**/*.test.ts'],
      setupFiles: [setupFastCheck],
      ...common,
    },
  }
}

/** Vitest settings for React packages and apps: jsdom, jest-dom matchers, Mantine's browser stubs. */
export function reactPreset(name) {
  return {
    test: {
      name,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: [setupFastCheck, setupDom],
      css: false,
      // One jsdom environment and module graph per worker, not per file: setting them up per file
      // (jsdom, React, Mantine) was two thirds of the DOM projects' time. setup-dom.ts resets the
      // document, storage and clock after each test; shuffled file orders pass (decision 007).
      isolate: false,
      ...common,
    },
  }
}
