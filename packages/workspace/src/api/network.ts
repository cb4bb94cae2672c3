// The endpoints of Build Network (spec section 7, decisions 150–153): participant searches, the
// client's network of partners and offline records, and the trade timings. A `refresh` socket
// message with target `network` (a colleague changed the network) invalidates the lists.
import { baseApi } from '@bonds/api-client'
import type {
  NetworkEntry,
  NetworkPage,
  OfflineRecordCreate,
  ParticipantList,
  TradeTimings,
} from '@bonds/domain'

/** What a participant search asks. */
export interface ParticipantQuery {
  /** 3 characters or more (the server refuses 1–2). */
  search: string
  /** The broker flag: brokers available to the client, instead of the general search. */
  brokers: boolean
  /** The caller's client (the broker search is for it). */
  clientId: string
}

/** Build Network's endpoints. */
export const networkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    participants: build.query<ParticipantList, ParticipantQuery>({
      query: ({ search, brokers, clientId }) =>
        brokers
          ? {
              url: `api/chatter/search-brokers/${encodeURIComponent(clientId)}`,
              query: { search_param: search },
            }
          : { url: 'api/chatter/search-trade-participants', query: { search_param: search } },
      providesTags: [{ type: 'Participant', id: 'LIST' }],
    }),
    network: build.query<NetworkPage, { search?: string }>({
      query: ({ search }) => ({
        url: 'api/clients/',
        query: { page_size: 100, ...(search ? { search } : {}) },
      }),
      providesTags: [{ type: 'Partner', id: 'LIST' }],
    }),
    addPartner: build.mutation<NetworkEntry, string>({
      query: (clientId) => ({
        url: 'api/clients/partners/',
        method: 'POST',
        body: { client_id: clientId },
      }),
      invalidatesTags: [
        { type: 'Partner', id: 'LIST' },
        { type: 'Participant', id: 'LIST' },
      ],
    }),
    removePartner: build.mutation<void, string>({
      query: (clientId) => ({
        url: `api/clients/partners/${encodeURIComponent(clientId)}/`,
        method: 'DELETE',
      }),
      invalidatesTags: [
        { type: 'Partner', id: 'LIST' },
        { type: 'Participant', id: 'LIST' },
      ],
    }),
    addOfflineRecord: build.mutation<NetworkEntry, OfflineRecordCreate>({
      query: (body) => ({ url: 'api/clients/offline-records/', method: 'POST', body }),
      invalidatesTags: [{ type: 'Partner', id: 'LIST' }],
    }),
    removeOfflineRecord: build.mutation<void, string>({
      query: (id) => ({
        url: `api/clients/offline-records/${encodeURIComponent(id)}/`,
        method: 'DELETE',
      }),
      invalidatesTags: [{ type: 'Partner', id: 'LIST' }],
    }),
    tradeTimings: build.query<TradeTimings, void>({
      query: () => ({ url: 'api/trade/timings', silent: true }),
      providesTags: ['TradeTimings'],
    }),
  }),
})

export const {
  useParticipantsQuery,
  useNetworkQuery,
  useAddPartnerMutation,
  useRemovePartnerMutation,
  useAddOfflineRecordMutation,
  useRemoveOfflineRecordMutation,
  useTradeTimingsQuery,
} = networkApi
