import type { Plugin, UserConfig } from 'vite'

/** Options of one web app's build. */
export interface AppBuildOptions {
  /** Public path the app's assets are served under, e.g. `/find/`; `/` for marketing. */
  base: string
  /** Dev server port of the app when run alone. */
  port: number
}
/** Writes `builds/latest.json` and defines `import.meta.env.VITE_BUILD_ID`. */
export declare function buildIdPlugin(buildId?: string): Plugin
/** Writes `.br` and `.gz` copies of every text asset for pre-compressed serving. */
export declare function precompressPlugin(): Plugin
/** The Vite config every web app uses: React, the build id, hashed assets under `base`. */
export declare function appConfig(options: AppBuildOptions): UserConfig
