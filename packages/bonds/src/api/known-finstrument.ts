// What the cache already knows of a bond before its own record arrives: search, screener and the
// issuer's list carry each bond's summary (name, ISIN, issuer, maturity, listing). Opening a bond
// from any of them shows that at once; the record's call fills in the rest.
import type { RootState } from '@bonds/api-client'
import type { FinstrumentPage, FinstrumentSummary } from '@bonds/domain'
import { bondSearchApi } from './bond-search.ts'
import { finstrumentApi } from './finstrument.ts'
import { screenApi } from './screen.ts'

const LISTS: ReadonlySet<string> = new Set([
  screenApi.endpoints.screen.name,
  finstrumentApi.endpoints.sameIssuer.name,
])
const SEARCH = bondSearchApi.endpoints.bondSearch.name

/** The bond's summary from any answer in the cache (search, screener, issuer's list), if any. */
export function selectKnownFinstrument(
  state: RootState,
  id: string,
): FinstrumentSummary | undefined {
  for (const entry of Object.values(state.api.queries)) {
    if (!entry?.data || !entry.endpointName) continue
    if (entry.endpointName === SEARCH) {
      const found = (entry.data as readonly FinstrumentSummary[]).find((bond) => bond.id === id)
      if (found) return found
    } else if (LISTS.has(entry.endpointName)) {
      for (const page of (entry.data as { pages: readonly FinstrumentPage[] }).pages) {
        const found = page.results.find((bond) => bond.id === id)
        if (found) return found
      }
    }
  }
  return undefined
}
