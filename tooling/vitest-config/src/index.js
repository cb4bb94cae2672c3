import { fileURLToPath } from 'node:url'
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS, WAIT_TIMEOUT_MS } from './timeouts.js'

export { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS, WAIT_TIMEOUT_MS }

const setupDom = fileURLToPath(new URL('./setup-dom.ts', import.meta.url))

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
      setupFiles: [setupDom],
      css: false,
      ...common,
    },
  }
}
