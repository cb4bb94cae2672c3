import type { PartialStrykerOptions } from '@stryker-mutator/api/core'

/** Stryker settings for a logic package: its Vitest project, per-test coverage, incremental runs. */
export declare function strykerConfig(
  options: { mutate: string[] } & PartialStrykerOptions,
): PartialStrykerOptions
