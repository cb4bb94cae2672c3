// The bond search call (spec section 7, `GET api/trade/finstrument/`), over the app's API client.
// Not silent: a failed search shows the error toast (spec section 8); an aborted one shows none.
import type { ApiClient } from '@bonds/api-client'
import type { FinstrumentSummary } from '@bonds/domain'

/** Bonds matching fragments of name, ISIN or issuer; bonds with available false are dropped. */
export async function searchBonds(
  api: ApiClient,
  query: string,
  signal?: AbortSignal,
): Promise<FinstrumentSummary[]> {
  const results = await api.get<FinstrumentSummary[]>('api/trade/finstrument/', {
    query: { searchKey: query },
    ...(signal ? { signal } : {}),
  })
  return results.filter((bond) => bond.available)
}
