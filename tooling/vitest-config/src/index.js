import { fileURLToPath } from 'node:url'

const setupDom = fileURLToPath(new URL('./setup-dom.ts', import.meta.url))

/** Vitest settings for pure TypeScript packages and the server (node environment). */
export function nodePreset(name) {
  return {
    test: {
      name,
      environment: 'node',
      include: ['src/**/*.test.ts'],
      restoreMocks: true,
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
      restoreMocks: true,
      css: false,
    },
  }
}
