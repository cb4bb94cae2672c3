// The screener's calls (spec section 7): `POST api/client-finstrument-list/` and
// `POST api/categories/`. Silent: the screener shows its own error and a retry instead of a toast.
import type { ApiClient } from '@bonds/api-client'
import type { FilterCategory, FinstrumentPage, ScreenFilter, ScreenSort } from '@bonds/domain'

/** The body of a screen page as the screener sends it. */
export interface ScreenRequest {
  pagination_params: { cursor: string | null; limit: number }
  category_values: Partial<Record<FilterCategory, string[]>>
  instrument_type: 'Bond'
  filters: ScreenFilter[]
  sort: ScreenSort
}

/** The body of a categories request. */
export interface CategoriesRequest {
  category_list: FilterCategory[]
  category_values: Partial<Record<FilterCategory, string[]>>
  instrument_type: 'Bond'
  filters: ScreenFilter[]
}

/** Values of each category with how many bonds of the screen have each. */
export type CategoryCounts = Partial<Record<FilterCategory, { value: string; count: number }[]>>

/** One page of the screen. */
export function listBonds(
  api: ApiClient,
  body: ScreenRequest,
  signal?: AbortSignal,
): Promise<FinstrumentPage> {
  return api.post<FinstrumentPage>('api/client-finstrument-list/', body, {
    silent: true,
    ...(signal ? { signal } : {}),
  })
}

/** Counts per value of each category under the rest of the screen. */
export function bondCategories(
  api: ApiClient,
  body: CategoriesRequest,
  signal?: AbortSignal,
): Promise<CategoryCounts> {
  return api.post<CategoryCounts>('api/categories/', body, {
    silent: true,
    ...(signal ? { signal } : {}),
  })
}
