import { fileURLToPath } from 'node:url'

// The Vitest runner is found by path: under pnpm, Stryker's own plugin search (its sibling
// `@stryker-mutator/*` folders) cannot see a plugin that is this package's dependency.
const vitestRunner = fileURLToPath(import.meta.resolve('@stryker-mutator/vitest-runner'))

/** Stryker settings for a logic package: its Vitest project, per-test coverage, incremental runs. */
export function strykerConfig({ mutate, ...rest }) {
  return {
    packageManager: 'pnpm',
    plugins: [vitestRunner],
    testRunner: 'vitest',
    vitest: { configFile: 'vitest.config.ts', related: false },
    coverageAnalysis: 'perTest',
    mutate,
    // Results are reused for mutants whose code and tests did not change since the last run.
    incremental: true,
    incrementalFile: 'reports/mutation/stryker-incremental.json',
    reporters: ['clear-text', 'progress', 'json', 'html'],
    jsonReporter: { fileName: 'reports/mutation/mutation.json' },
    htmlReporter: { fileName: 'reports/mutation/mutation.html' },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    // The machine is shared (2 cores): one test process at a time unless told otherwise.
    concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
    timeoutMS: 10_000,
    // Static mutants (module-level constants, evaluated once at import) cannot be covered per
    // test: each one reruns the package's whole suite, most of a run's time. They are listed as
    // "Ignored" in the report, outside the score; `STRYKER_IGNORE_STATIC=false` runs them too.
    ignoreStatic: process.env.STRYKER_IGNORE_STATIC !== 'false',
    thresholds: { high: 90, low: 80, break: null },
    ...rest,
  }
}
