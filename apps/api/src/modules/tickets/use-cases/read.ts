// Reading tickets and orders: a page of the firm's, one with its timeline, the deal confirmation,
// and the custodians a trade can settle through.
import type {
  Custodian,
  Ticket,
  TicketDetail,
  TicketListQuery,
  TicketPage,
  TradeConfirmation,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { partyTicket, type TicketsContext } from '../context.ts'
import { namesFor, searchCustodians, ticketPage, timelineOf } from '../repo.ts'
import { eventView, ticketView } from '../view.ts'

/** Most rows one unpaginated answer (an export) holds. */
export const EXPORT_LIMIT = 1000

/** A page of the caller's firm's tickets and orders, latest change first. */
export async function listTickets(
  { db, now }: TicketsContext,
  user: AuthUser,
  query: TicketListQuery,
): Promise<TicketPage> {
  const at = now()
  const limit = query.paginate ? query.page_size : EXPORT_LIMIT
  const offset = query.paginate ? (query.page - 1) * query.page_size : 0
  const { rows, count } = await ticketPage(db, {
    clientId: user.clientId,
    states: query.state,
    search: query.search,
    overdueAt: query.overdue ? at : undefined,
    limit,
    offset,
  })
  const names = await namesFor(db, rows)
  return {
    results: rows.map((row) => ticketView(row, user, names, at)),
    count,
    page: query.paginate ? query.page : 1,
    page_size: limit,
  }
}

/** One ticket or order of the caller's firm, with its timeline. */
export async function getTicket(
  { db, now }: TicketsContext,
  user: AuthUser,
  id: string,
): Promise<TicketDetail> {
  const row = await partyTicket(db, user, id)
  const [names, timeline] = await Promise.all([namesFor(db, [row]), timelineOf(db, row.id)])
  return { ...ticketView(row, user, names, now()), timeline: timeline.map(eventView) }
}

/** One ticket as the caller sees it (after a change). */
export async function viewTicket(
  { db, now }: TicketsContext,
  user: AuthUser,
  row: Parameters<typeof ticketView>[0],
): Promise<Ticket> {
  return ticketView(row, user, await namesFor(db, [row]), now())
}

/** The deal confirmation of an accepted trade: what both sides keep. */
export async function confirmation(
  context: TicketsContext,
  user: AuthUser,
  id: string,
): Promise<TradeConfirmation> {
  const row = await partyTicket(context.db, user, id)
  if (!row.custodianId || row.state === 'rejected') {
    throw new HttpError(409, 'This trade has no confirmation until its consideration is accepted')
  }
  const ticket = await viewTicket(context, user, row)
  return {
    ticket,
    confirmation_number: row.reportReference ?? `T${String(row.id).padStart(8, '0')}`,
    generated_at: context.now().toISOString(),
  }
}

/** Custodians whose name holds the words searched. */
export async function custodians({ db }: TicketsContext, search: string): Promise<Custodian[]> {
  const rows = await searchCustodians(db, search)
  return rows.map((row) => ({ client_id: row.id, name: row.name }))
}
