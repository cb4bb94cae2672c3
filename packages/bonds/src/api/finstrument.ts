// One bond (spec section 7): `GET api/v2/finstrument/info/{id}`, all its terms, and
// `POST api/bonds-by-same-issuer/{id}/`, the issuer's other bonds a page at a time by cursor.
// Silent: the security page shows the 404 screen, or an error with a retry, in place.
import { baseApi } from '@bonds/api-client'
import { INSTRUMENT_PAGE_SIZE, type FinstrumentInfo, type FinstrumentPage } from '@bonds/domain'

const path = (id: string) => encodeURIComponent(id)

/** A bond's endpoints. */
export const finstrumentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** All terms of one bond (404 for an unknown id, 400 for a malformed one). */
    finstrument: build.query<FinstrumentInfo, string>({
      query: (id) => ({ url: `api/v2/finstrument/info/${path(id)}`, silent: true }),
      providesTags: (_bond, _error, id) => [{ type: 'Finstrument', id }],
    }),
    /** The issuer's other bonds, 20 a page. */
    sameIssuer: build.infiniteQuery<FinstrumentPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (page) => page.next_cursor,
      },
      query: ({ queryArg: id, pageParam }) => ({
        url: `api/bonds-by-same-issuer/${path(id)}/`,
        method: 'POST',
        body: { pagination_params: { cursor: pageParam, limit: INSTRUMENT_PAGE_SIZE } },
        silent: true,
      }),
      providesTags: (_pages, _error, id) => [{ type: 'Finstrument', id: `issuer-of:${id}` }],
    }),
  }),
})

/** One bond's record, and its issuer's other bonds. */
export const { useFinstrumentQuery, useSameIssuerInfiniteQuery } = finstrumentApi
