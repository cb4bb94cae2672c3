import type { ViteUserConfig } from 'vitest/config'

/** Vitest settings for pure TypeScript packages and the server (node environment). */
export declare function nodePreset(name: string): ViteUserConfig
/** Vitest settings for React packages and apps: jsdom, jest-dom matchers, Mantine's browser stubs. */
export declare function reactPreset(name: string): ViteUserConfig
/** How long one test may run (generous: a limit for hangs, never a speed check). */
export declare const TEST_TIMEOUT_MS: number
/** How long a hook may run: starting an embedded database and importing the bond universe. */
export declare const HOOK_TIMEOUT_MS: number
/** How long a test waits for a state (`findBy…`, `waitFor`, `expect.poll`) before failing. */
export declare const WAIT_TIMEOUT_MS: number
