// The open-ticket list alone: the ticket notices read it on the workspace's first load (issue 21),
// the rest of the ticket and order endpoints (tickets.ts) come with the screens that use them.
import { baseApi } from '@bonds/api-client'
import type { TicketPage, TradeState } from '@bonds/domain'

/** What the ticket and order lists ask (`state` a list; `search` 3+ characters). */
export interface TicketListArgs {
  state?: readonly TradeState[]
  search?: string
  overdue?: boolean
  page?: number
  page_size?: number
  /** false: every match in one answer (an export). */
  paginate?: boolean
}

/** Tags of tickets and orders: one record's, or a list's. */
export type TagList = { type: 'Ticket' | 'Order'; id: number | 'LIST' }[]

/** The list endpoints' query string. */
export function listQuery(args: TicketListArgs) {
  return {
    ...(args.state?.length ? { state: args.state.join(',') } : {}),
    ...(args.search ? { search: args.search } : {}),
    ...(args.overdue ? { overdue: 'true' } : {}),
    page: args.page ?? 1,
    page_size: args.page_size ?? 20,
    ...(args.paginate === false ? { paginate: 'false' } : {}),
  }
}

/** The tags a page of tickets provides. */
export function pageTags(page: TicketPage | undefined): TagList {
  return [
    { type: 'Ticket', id: 'LIST' },
    { type: 'Order', id: 'LIST' },
    ...(page?.results.flatMap((ticket) => [
      { type: 'Ticket' as const, id: ticket.id },
      { type: 'Order' as const, id: ticket.id },
    ]) ?? []),
  ]
}

/** The ticket list endpoint. */
export const ticketListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    tickets: build.query<TicketPage, TicketListArgs>({
      query: (args) => ({ url: 'api/chatter/trade/', query: listQuery(args) }),
      providesTags: (page) => pageTags(page),
    }),
  }),
})

/** The ticket list's hook. */
export const { useTicketsQuery } = ticketListApi
