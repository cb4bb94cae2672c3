// The screener's calls (spec section 7): `POST api/client-finstrument-list/`, one page of a screen
// at a time by cursor, and `POST api/categories/`. Silent: the screener shows its own error and a
// retry instead of a toast.
import { baseApi } from '@bonds/api-client'
import {
  INSTRUMENT_PAGE_SIZE,
  type FilterCategory,
  type FinstrumentPage,
  type ScreenFilter,
  type ScreenSort,
} from '@bonds/domain'

/** A screen as the list is asked for it, less the page: values, filters, sort, type Bond. */
export interface ScreenQuery {
  category_values: Partial<Record<FilterCategory, string[]>>
  instrument_type: 'Bond'
  filters: ScreenFilter[]
  sort: ScreenSort
}

/** The body of a screen page as the screener sends it. */
export interface ScreenRequest extends ScreenQuery {
  pagination_params: { cursor: string | null; limit: number }
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

/** The screener's endpoints. */
export const screenApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A screen's bonds, 20 a page; the next page's cursor comes with each. */
    screen: build.infiniteQuery<FinstrumentPage, ScreenQuery, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (page) => page.next_cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'api/client-finstrument-list/',
        method: 'POST',
        body: {
          pagination_params: { cursor: pageParam, limit: INSTRUMENT_PAGE_SIZE },
          ...queryArg,
        } satisfies ScreenRequest,
        silent: true,
      }),
      providesTags: [{ type: 'Screen', id: 'LIST' }],
    }),
    /** Counts per value of each category under the rest of the screen. */
    screenCategories: build.query<CategoryCounts, CategoriesRequest>({
      query: (body) => ({ url: 'api/categories/', method: 'POST', body, silent: true }),
      providesTags: [{ type: 'Screen', id: 'CATEGORIES' }],
    }),
  }),
})

/** A screen's pages, and the counts behind its filters. */
export const { useScreenInfiniteQuery, useScreenCategoriesQuery } = screenApi
