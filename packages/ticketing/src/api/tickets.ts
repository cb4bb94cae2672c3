// Trade tickets and orders (spec section 7: chatter trade, orders, trade; decision 221). One record
// is the ticket and, from `accepted`, the order, so every write invalidates both tags of its id and
// both lists: the `open_tickets`, `consideration_update` and `open_orders` socket messages
// invalidate the same tags, which keeps every screen showing a ticket live. Writes are silent (no
// automatic error toast): the screens show a 409's message in place and the cache refetches the
// ticket, because every write invalidates its tags whether it succeeded or not.
import { saveFile } from '@bonds/ui-kit'
import type { DownloadedFile } from '@bonds/api-client'
import {
  listQuery,
  pageTags,
  ticketListApi,
  type TagList,
  type TicketListArgs,
} from './ticket-list.ts'
import type {
  Custodian,
  EoiParseResponse,
  ParticipantList,
  Ticket,
  TicketCreate,
  TicketDetail,
  TicketPage,
  TicketPathAction,
  TicketUpdate,
  TradeConfirmation,
} from '@bonds/domain'

/** A write's answer: the ticket, with the status the client adds to a 207 (or a chat 200). */
export type TicketAnswer = Ticket & {
  /** 207: saved, but the follow-on (the report to clearing) did not happen; 200: already made. */
  status?: number
  /** Why the follow-on failed (207). */
  message?: string
}

/** The version the actor saw, and a reason for a rejection or cancellation. */
export interface TicketActionArgs {
  id: number
  action: TicketPathAction
  version?: number
  reason?: string
}

/** An order's report, settlement or cancellation through the order endpoints. */
export interface OrderActionArgs {
  id: number
  action: 'report' | 'settle' | 'cancel'
  version?: number
}

/** The tags of one record: the ticket, the order, and both lists. */
function recordTags(id: number): TagList {
  return [
    { type: 'Ticket', id },
    { type: 'Order', id },
    { type: 'Ticket', id: 'LIST' },
    { type: 'Order', id: 'LIST' },
  ]
}

export { listQuery, pageTags, type TicketListArgs } from './ticket-list.ts'

const trade = (id: number) => `api/chatter/trade/${id}/`

/** The ticket and order endpoints (the list's from ticket-list.ts). */
export const ticketsApi = ticketListApi.injectEndpoints({
  endpoints: (build) => ({
    ticket: build.query<TicketDetail, number>({
      query: (id) => trade(id),
      providesTags: (_result, _error, id) => [
        { type: 'Ticket', id },
        { type: 'Order', id },
      ],
    }),
    unifiedOrders: build.query<TicketPage, TicketListArgs>({
      query: (args) => ({ url: 'api/orders/unified/', query: listQuery(args) }),
      providesTags: (page) => pageTags(page),
    }),
    order: build.query<TicketDetail, number>({
      query: (id) => `api/orders/${id}/`,
      providesTags: (_result, _error, id) => [
        { type: 'Order', id },
        { type: 'Ticket', id },
      ],
    }),
    /** Download the deal confirmation PDF and save it; answers with the name it was saved under. */
    downloadConfirmation: build.mutation<string, number>({
      async queryFn(id, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: `api/chatter/trade/confirmed-trade/${id}/pdf/`,
          responseType: 'file',
          silent: true,
        })
        if (result.error) return { error: result.error }
        return {
          data: saveFile(result.data as DownloadedFile, `deal-confirmation-${id}.pdf`),
        }
      },
    }),
    tradeConfirmation: build.query<TradeConfirmation, number>({
      query: (id) => `api/chatter/trade/confirmed-trade/${id}/`,
      providesTags: (_result, _error, id) => [
        { type: 'Ticket', id },
        { type: 'Order', id },
      ],
    }),
    custodians: build.query<Custodian[], string>({
      query: (search) => ({
        url: 'api/client/search-custodians/',
        query: { search_param: search },
      }),
    }),
    counterparties: build.query<ParticipantList, string>({
      query: (search) => ({
        url: 'api/chatter/search-trade-participants',
        query: { search_param: search },
      }),
      providesTags: [{ type: 'Participant', id: 'LIST' }],
    }),
    parseQuote: build.mutation<EoiParseResponse, string>({
      // A deal message ("Done 15 cr … your buy") is read as the trade's terms.
      query: (text) => ({
        url: 'api/eoi/parse/',
        method: 'POST',
        body: { text, deals: true },
        silent: true,
      }),
    }),
    createTicket: build.mutation<TicketAnswer, TicketCreate>({
      query: (body) => ({ url: 'api/chatter/trade/', method: 'POST', body, silent: true }),
      invalidatesTags: [
        { type: 'Ticket', id: 'LIST' },
        { type: 'Order', id: 'LIST' },
      ],
    }),
    createManualTicket: build.mutation<TicketAnswer, TicketCreate>({
      query: (body) => ({
        url: 'api/chatter/trade/manual-ticket/',
        method: 'POST',
        body,
        silent: true,
      }),
      invalidatesTags: [
        { type: 'Ticket', id: 'LIST' },
        { type: 'Order', id: 'LIST' },
      ],
    }),
    updateTicket: build.mutation<TicketAnswer, { id: number; body: Partial<TicketUpdate> }>({
      query: ({ id, body }) => ({ url: trade(id), method: 'PATCH', body, silent: true }),
      invalidatesTags: (_result, _error, { id }) => recordTags(id),
    }),
    ticketAction: build.mutation<TicketAnswer, TicketActionArgs>({
      query: ({ id, action, version, reason }) => ({
        url: `api/chatter/trade/actions/${id}/${action}/`,
        method: 'PATCH',
        body: { ...(version ? { version } : {}), ...(reason ? { reason } : {}) },
        silent: true,
      }),
      invalidatesTags: (_result, _error, { id }) => recordTags(id),
    }),
    sendToBroker: build.mutation<TicketAnswer, { id: number }>({
      query: ({ id }) => ({
        url: `api/chatter/trade/send-to-broker/${id}/`,
        method: 'PATCH',
        silent: true,
      }),
      invalidatesTags: (_result, _error, { id }) => recordTags(id),
    }),
    acceptConsideration: build.mutation<
      TicketAnswer,
      { id: number; custodian_id: string; version?: number }
    >({
      // Silent too: the screen shows a 207's warning itself, with what was saved.
      query: ({ id, ...body }) => ({
        url: `api/chatter/trade/accept-consideration/${id}/`,
        method: 'PATCH',
        body,
        silent: true,
      }),
      invalidatesTags: (_result, _error, { id }) => recordTags(id),
    }),
    setTicketPrice: build.mutation<
      TicketAnswer,
      { id: number; unit_clean_price?: number; bond_yield?: number; version?: number }
    >({
      query: ({ id, ...body }) => ({
        url: `api/chatter/trade/${id}/price/`,
        method: 'PATCH',
        body,
        silent: true,
      }),
      invalidatesTags: (_result, _error, { id }) => recordTags(id),
    }),
    setBrokerage: build.mutation<TicketAnswer, { id: number; brokerage: number; version?: number }>(
      {
        query: ({ id, ...body }) => ({
          url: `api/trade/${id}/brokerage/`,
          method: 'PATCH',
          body,
          silent: true,
        }),
        invalidatesTags: (_result, _error, { id }) => recordTags(id),
      },
    ),
    orderAcceptReject: build.mutation<
      TicketAnswer,
      {
        id: number
        reported_order_status: 'accepted' | 'rejected'
        custodian_id?: string
        reason?: string
        version?: number
      }
    >({
      query: ({ id, ...body }) => ({
        url: `api/orders/${id}/accept-reject/`,
        method: 'PUT',
        body,
        silent: true,
      }),
      invalidatesTags: (_result, _error, { id }) => recordTags(id),
    }),
    orderAction: build.mutation<TicketAnswer, OrderActionArgs>({
      query: ({ id, action, version }) =>
        action === 'report'
          ? {
              url: 'api/orders/',
              method: 'POST',
              body: { order_id: id, ...(version ? { version } : {}) },
              silent: true,
            }
          : {
              url: `api/orders/settle-cancel/${id}/${action}/`,
              method: 'PATCH',
              body: version ? { version } : {},
              silent: true,
            },
      invalidatesTags: (_result, _error, { id }) => recordTags(id),
    }),
    cancelOrder: build.mutation<TicketAnswer, { id: number }>({
      query: ({ id }) => ({
        url: `api/orders/${id}/cancel/`,
        method: 'POST',
        body: {},
        silent: true,
      }),
      invalidatesTags: (_result, _error, { id }) => recordTags(id),
    }),
  }),
})

/** The hooks of the ticket and order endpoints. */
export const {
  useTicketsQuery,
  useTicketQuery,
  useUnifiedOrdersQuery,
  useLazyUnifiedOrdersQuery,
  useOrderQuery,
  useTradeConfirmationQuery,
  useDownloadConfirmationMutation,
  useCustodiansQuery,
  useCounterpartiesQuery,
  useParseQuoteMutation,
  useCreateTicketMutation,
  useCreateManualTicketMutation,
  useUpdateTicketMutation,
  useTicketActionMutation,
  useSendToBrokerMutation,
  useAcceptConsiderationMutation,
  useSetTicketPriceMutation,
  useSetBrokerageMutation,
  useOrderAcceptRejectMutation,
  useOrderActionMutation,
  useCancelOrderMutation,
} = ticketsApi
