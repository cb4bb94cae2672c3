// The firm's exchange RFQs (`GET api/venue/rfq/`, decisions 266 and 329) and their steps: quote an
// RFQ sent to the firm, counter, accept (`POST api/venue/rfq/{id}/quote|negotiate|accept/`) and
// withdraw one the firm sent (`…/cancel/`, decision 340). Live: an `rfq_negotiation` message about an exchange RFQ
// (it names `venue_rfq_id`) refetches the list. Writes are silent: the panel shows a refusal.
import { baseApi, onStreamMessages } from '@bonds/api-client'
import type { VenueLevel, VenueRfq, VenueRfqPage } from '@bonds/domain'

const LIST = [{ type: 'VenueRfq' as const, id: 'LIST' as const }]

/** The venue's endpoints. */
export const venueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    venueRfqs: build.query<VenueRfqPage, void>({
      query: () => ({ url: 'api/venue/rfq/', query: { page_size: 100 } }),
      providesTags: LIST,
    }),
    acceptVenueRfq: build.mutation<VenueRfq, number>({
      query: (id) => ({ url: `api/venue/rfq/${id}/accept/`, method: 'POST', silent: true }),
      invalidatesTags: LIST,
    }),
    stepVenueRfq: build.mutation<
      VenueRfq,
      { id: number; kind: 'quote' | 'negotiate'; level: VenueLevel }
    >({
      query: ({ id, kind, level }) => ({
        url: `api/venue/rfq/${id}/${kind}/`,
        method: 'POST',
        body: level,
        silent: true,
      }),
      invalidatesTags: LIST,
    }),
    cancelVenueRfq: build.mutation<VenueRfq, number>({
      query: (id) => ({ url: `api/venue/rfq/${id}/cancel/`, method: 'POST', silent: true }),
      invalidatesTags: LIST,
    }),
  }),
})

/** The list and the steps. */
export const {
  useVenueRfqsQuery,
  useAcceptVenueRfqMutation,
  useStepVenueRfqMutation,
  useCancelVenueRfqMutation,
} = venueApi

onStreamMessages('rfq_negotiation', (messages) =>
  messages.some((message) => message.data.venue_rfq_id !== undefined) ? LIST : [],
)
