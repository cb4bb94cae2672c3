import { useMemo } from 'react'
import type { BondTerms } from '../index.ts'
import { createBondPricing, type BondPricing } from './bond-pricing.ts'

/**
 * A bond prepared once per (terms, settlement date) for live prices and yields in the browser.
 * Pass terms that keep their identity between renders (state, a query result, or `useMemo`).
 */
export function usePricing(terms: BondTerms | null, settlementDate: string): BondPricing {
  return useMemo(() => createBondPricing(terms, settlementDate), [terms, settlementDate])
}
