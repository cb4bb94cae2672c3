// The unit tests' resolver: a slice of the real universe (universe.json), live on the day it was cut.
import type { BondCandidate, BondResolver } from '../types.ts'
import { memoryResolver } from '../memory-resolver.ts'
import universe from './universe.json' with { type: 'json' }

/** The day the slice was cut (bonds matured by then are not in it). */
export const FIXTURE_AS_OF = '2026-11-26'

/** The slice's bonds. */
export const FIXTURE_BONDS: readonly BondCandidate[] = universe.bonds

/** A resolver over the slice, counting its lookups. */
export function fixtureResolver(): BondResolver & { lookups: number } {
  const inner = memoryResolver(FIXTURE_BONDS, FIXTURE_AS_OF)
  const resolver = {
    lookups: 0,
    lookup: (query: Parameters<BondResolver['lookup']>[0]) => {
      resolver.lookups += 1
      return inner.lookup(query)
    },
  }
  return resolver
}
