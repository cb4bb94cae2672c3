// The firm's exchange RFQs (`GET api/venue/rfq/`, decisions 266 and 329) and their steps: quote an
// RFQ sent to the firm, counter, accept (`POST api/venue/rfq/{id}/quote|negotiate|accept/`) and
// withdraw one the firm sent (`…/cancel/`, decision 340); a new RFQ to one firm or several
// (`POST api/venue/rfq/`) and the firms it may go to (`GET api/chatter/search-trade-participants`
// with `for_rfq`, decision 358). Live: an `rfq_negotiation` message about an exchange RFQ
// (it names `venue_rfq_id`) refetches the list. Writes are silent: the panel shows a refusal.
import { baseApi, onStreamMessages } from '@bonds/api-client'
import type {
  ParticipantList,
  RfqExchange,
  VenueLevel,
  VenueRfq,
  VenueRfqCreate,
  VenueRfqCreated,
  VenueRfqPage,
} from '@bonds/domain'

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
    startVenueRfq: build.mutation<VenueRfqCreated, VenueRfqCreate>({
      query: (body) => ({ url: 'api/venue/rfq/', method: 'POST', body, silent: true }),
      invalidatesTags: LIST,
    }),
    /** Other firms that trade RFQs on `exchange` (the caller's own never), by name. */
    venueCounterparties: build.query<ParticipantList, { exchange: RfqExchange; search: string }>({
      query: ({ exchange, search }) => ({
        url: 'api/chatter/search-trade-participants',
        query: {
          exchange,
          for_rfq: 'true',
          limit: 50,
          ...(search ? { search_param: search } : {}),
        },
      }),
      providesTags: [{ type: 'Participant', id: 'LIST' }],
    }),
  }),
})

/** The list and the steps. */
export const {
  useVenueRfqsQuery,
  useAcceptVenueRfqMutation,
  useStepVenueRfqMutation,
  useCancelVenueRfqMutation,
  useStartVenueRfqMutation,
  useVenueCounterpartiesQuery,
} = venueApi

onStreamMessages('rfq_negotiation', (messages) =>
  messages.some((message) => message.data.venue_rfq_id !== undefined) ? LIST : [],
)
