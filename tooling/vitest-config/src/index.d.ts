import type { ViteUserConfig } from 'vitest/config'

/** Vitest settings for pure TypeScript packages and the server (node environment). */
export declare function nodePreset(name: string): ViteUserConfig
/** Vitest settings for React packages and apps: jsdom, jest-dom matchers, Mantine's browser stubs. */
export declare function reactPreset(name: string): ViteUserConfig
