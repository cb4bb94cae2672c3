// A resolver over bonds held in memory: tests, the bench, and any caller holding the universe.
import { matchesLookup } from './resolve.ts'
import type { BondCandidate, BondResolver } from './types.ts'

/** A resolver over these bonds, live on `asOf` (ISO date): matured bonds are not found. */
export function memoryResolver(bonds: readonly BondCandidate[], asOf: string): BondResolver {
  const live = bonds.filter((b) => b.maturityDate === null || b.maturityDate >= asOf)
  const byYear = new Map<number, BondCandidate[]>()
  for (const bond of live) {
    const year = Number(bond.maturityDate?.slice(0, 4) ?? 0)
    byYear.set(year, [...(byYear.get(year) ?? []), bond])
  }
  return {
    lookup: async (query) => {
      const pool = query.maturityYear !== undefined ? (byYear.get(query.maturityYear) ?? []) : live
      return pool.filter((b) => matchesLookup(b, query))
    },
  }
}
