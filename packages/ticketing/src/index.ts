// @bonds/ticketing: trade tickets from chat, orders, /client/transactions and /surveillance's
// trades (issue 22). Its screens and what an app needs to compose them; the endpoints, hooks and
// export formats stay inside (issue 18: public surfaces are what other packages use).

/** The dart Ticketing tab: open tickets, the chosen one, a ticket made by hand. */
export { TicketingTab } from './tab/ticketing-tab.tsx'
export type { TicketingTabProps } from './tab/ticketing-tab.tsx'
/** Toasts when the other firm sends, confirms or accepts one of the viewer's tickets. */
export { TicketNotices } from './tab/ticket-notices.tsx'
/** What the app's "Report issue" slot of a ticket gets. */
export type { RenderReportIssue } from './detail/ticket-detail.tsx'
/** The bond picker the app hands the ticket forms. */
export type { PickedBond, RenderBondPicker } from './forms/new-ticket-form.tsx'
/** Who may read and make tickets (the server checks again). */
export { canCreateTickets, canReadTickets } from './model/actions.ts'
export type { TicketViewer } from './model/actions.ts'
/** "Create ticket" under a trading group's message (chat-core's `messageActions`). */
export { CreateTicketFromMessage } from './from-chat/create-ticket-from-message.tsx'
export type { CreateTicketFromMessageProps } from './from-chat/create-ticket-from-message.tsx'
/** /client/transactions: the firm's tickets and orders, filtered, paged, exported. */
export { TransactionsPage } from './transactions/transactions-page.tsx'
export type { TransactionsPageProps } from './transactions/transactions-page.tsx'
/** /surveillance's trades: the firm's list for the Compliance Officer, one trade reconstructed. */
export { SurveillanceTrades } from './surveillance/surveillance-trades.tsx'
export type { SurveillanceTradesProps } from './surveillance/surveillance-trades.tsx'
