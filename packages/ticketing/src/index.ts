/** The ticket and order endpoints (chatter trade, orders, trade) and their hooks. */
export {
  ticketsApi,
  useAcceptConsiderationMutation,
  useCancelOrderMutation,
  useCounterpartiesQuery,
  useCreateManualTicketMutation,
  useCreateTicketMutation,
  useCustodiansQuery,
  useOrderAcceptRejectMutation,
  useOrderActionMutation,
  useOrderQuery,
  useParseQuoteMutation,
  useSendToBrokerMutation,
  useSetBrokerageMutation,
  useSetTicketPriceMutation,
  useTicketActionMutation,
  useTicketQuery,
  useTicketsQuery,
  useTradeConfirmationQuery,
  useLazyUnifiedOrdersQuery,
  useUnifiedOrdersQuery,
  useUpdateTicketMutation,
} from './api/tickets.ts'
export type {
  OrderActionArgs,
  TicketActionArgs,
  TicketAnswer,
  TicketListArgs,
} from './api/tickets.ts'
/** The dart Ticketing tab: open tickets, the chosen one, a ticket made by hand. */
export { TicketingTab } from './tab/ticketing-tab.tsx'
/** Toasts when the other firm sends, confirms or accepts one of the viewer's tickets. */
export { TicketNotices } from './tab/ticket-notices.tsx'
export type { TicketingTabProps } from './tab/ticketing-tab.tsx'
/** One ticket or order: terms, consideration, report countdown, timeline and actions. */
export { TicketDetailView } from './detail/ticket-detail.tsx'
export type { RenderReportIssue, TicketDetailViewProps } from './detail/ticket-detail.tsx'
/** The bond picker the app hands the ticket forms. */
export type { PickedBond, RenderBondPicker } from './forms/new-ticket-form.tsx'
/** Which actions a viewer is offered (the lifecycle's, narrowed by role). */
export { canCreateTickets, canReadTickets, offeredActions } from './model/actions.ts'
export type { TicketViewer } from './model/actions.ts'
/** A trade's state in words and the report clock. */
export { reportClock, STATE_LABELS } from './model/state.ts'
export type { ReportClock } from './model/state.ts'
/** "Create ticket" under a trading group's message (chat-core's `messageActions`). */
export { CreateTicketFromMessage } from './from-chat/create-ticket-from-message.tsx'
export type { CreateTicketFromMessageProps } from './from-chat/create-ticket-from-message.tsx'
/** /client/transactions: the firm's tickets and orders, filtered, paged, exported as CSV. */
export { TRANSACTIONS_PAGE_SIZE, TransactionsPage } from './transactions/transactions-page.tsx'
export type { TransactionsPageProps } from './transactions/transactions-page.tsx'
/** The transactions as CSV (the export's text). */
export { CSV_COLUMNS, ticketsCsv } from './model/csv.ts'
export { ticketsXlsx, XLSX_TYPE } from './model/xlsx.ts'
/** `/surveillance`'s trades: the endpoints, the firm's list for the Compliance Officer, one trade reconstructed. */
export {
  surveillanceApi,
  useDownloadReconstructionMutation,
  useSurveillanceTradesQuery,
  useTradeReconstructionQuery,
} from './api/surveillance.ts'
export { SURVEILLANCE_PAGE_SIZE, SurveillanceTrades } from './surveillance/surveillance-trades.tsx'
export type { SurveillanceTradesProps } from './surveillance/surveillance-trades.tsx'
export {
  RECONSTRUCTION_KIND_LABELS,
  TradeReconstruction,
} from './surveillance/trade-reconstruction.tsx'
export type { TradeReconstructionProps } from './surveillance/trade-reconstruction.tsx'
