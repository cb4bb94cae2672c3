// The Compliance Officer's view of the firm's trades (issue 22, decision 226): every ticket and
// order the firm is a party to, and one trade's reconstruction (the chat around it, the quote, the
// RFQs and negotiations, the ticket's timeline) as data or as a PDF. Reads only: nothing here
// changes a trade or marks a message read; each reconstruction seen is written to the audit log.
import {
  RECONSTRUCTION_MESSAGES,
  type ReconstructionEvent,
  type TicketListQuery,
  type TicketPage,
  type TradeReconstruction,
} from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { messagesAround } from '../../chat/index.ts'
import { renderReport } from '../../documents/index.ts'
import { partyTicket, type TicketsContext } from '../context.ts'
import { namesFor, ticketPage, timelineOf, type TicketWithBond } from '../repo.ts'
import {
  clustersAround,
  eoisAround,
  negotiationOfTicket,
  peopleByIds,
} from '../surveillance-repo.ts'
import {
  clusterEvent,
  eoiEvent,
  inTimeOrder,
  messageEvent,
  negotiationEvents,
  timelineEvent,
} from '../surveillance-view.ts'
import { reconstructionBlocks } from '../surveillance-report.ts'
import { ticketView } from '../view.ts'
import { EXPORT_LIMIT } from './read.ts'

/** A page of the firm's tickets and orders (its own drafts included), latest change first. */
export async function surveillanceTrades(
  { db, now }: TicketsContext,
  user: AuthUser,
  query: TicketListQuery,
): Promise<TicketPage> {
  const at = now()
  const limit = query.paginate ? query.page_size : EXPORT_LIMIT
  const { rows, count } = await ticketPage(db, {
    clientId: user.clientId,
    states: query.state,
    search: query.search,
    overdueAt: query.overdue ? at : undefined,
    limit,
    offset: query.paginate ? (query.page - 1) * query.page_size : 0,
  })
  const names = await namesFor(db, rows)
  return {
    // View only: no action is offered, whatever the role.
    results: rows.map((row) => ({ ...ticketView(row, user, names, at), actions: [] })),
    count,
    page: query.paginate ? query.page : 1,
    page_size: limit,
  }
}

/** How many chat messages around the deal a reconstruction holds (the bench widens it). */
export interface ReconstructionOptions {
  messages?: { before: number; after: number }
}

/** A trade's events from every source, in time order. */
async function eventsOf(
  db: TicketsContext['db'],
  row: TicketWithBond,
  options: ReconstructionOptions,
): Promise<ReconstructionEvent[]> {
  const window = options.messages ?? RECONSTRUCTION_MESSAGES
  // The trade day from India's midnight up to the end of the trade's minute (HH:MM).
  const activity = {
    finstrumentId: row.finstrumentId,
    clientIds: [row.initiatorClientId, row.counterpartyClientId],
    from: new Date(`${row.tradeDate}T00:00:00+05:30`),
    to: new Date(row.tradedAt.getTime() + 59_999),
  }
  const [chat, rfqs, negotiations, thread, timeline] = await Promise.all([
    row.channelUrl !== null && row.messageId !== null
      ? // Every message (viewer null, as compliance reads chats); nothing is marked read.
        messagesAround(
          db,
          row.channelUrl,
          null,
          { messageId: row.messageId },
          { prev: window.before, next: window.after, inclusive: true },
        ).then((found) => found.messages)
      : Promise.resolve([]),
    eoisAround(db, activity),
    clustersAround(db, activity),
    negotiationOfTicket(db, row.id),
    timelineOf(db, row.id),
  ])
  const senders = chat.map((m) => m.senderId).filter((id): id is string => id !== null)
  const people = await peopleByIds(db, senders)
  return inTimeOrder([
    ...chat.map((m) => messageEvent(m, row.messageId, people)),
    ...rfqs.map(eoiEvent),
    ...negotiations.map(clusterEvent),
    ...(thread ? negotiationEvents(thread) : []),
    ...timeline.map(timelineEvent),
  ])
}

/** Who looked at which trade, and how (the audit log's `surveillance_viewed`). */
async function recordView(
  db: TicketsContext['db'],
  actor: { user: AuthUser; ip?: string | undefined },
  ticketId: number,
  how: 'viewed' | 'exported',
) {
  await audit(db, {
    actor: actor.user.id,
    action: 'surveillance_viewed',
    ip: actor.ip ?? null,
    detail: { ticket_id: ticketId, how },
  })
}

/** One trade of the firm reconstructed; 404 for a trade the firm is not a party to. */
export async function tradeReconstruction(
  context: TicketsContext,
  actor: { user: AuthUser; ip?: string | undefined },
  id: string,
  options: ReconstructionOptions & { how?: 'viewed' | 'exported' } = {},
): Promise<TradeReconstruction> {
  const { db, now } = context
  const row = await partyTicket(db, actor.user, id)
  const [names, events] = await Promise.all([namesFor(db, [row]), eventsOf(db, row, options)])
  await recordView(db, actor, row.id, options.how ?? 'viewed')
  return { ticket: { ...ticketView(row, actor.user, names, now()), actions: [] }, events }
}

/** The reconstruction as a PDF: terms, parties, consideration, report, the timeline. */
export async function tradeReconstructionPdf(
  context: TicketsContext,
  actor: { user: AuthUser; ip?: string | undefined },
  id: string,
  options: ReconstructionOptions = {},
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const reconstruction = await tradeReconstruction(context, actor, id, {
    ...options,
    how: 'exported',
  })
  const viewer = (await peopleByIds(context.db, [actor.user.id])).get(actor.user.id)
  const { ticket } = reconstruction
  const bytes = await renderReport(
    {
      title: `Trade reconstruction: ${ticket.kind} ${ticket.id}`,
      subtitle: `${ticket.display_name} · ${ticket.isin} · ${ticket.buyer.name} buys from ${ticket.seller.name}`,
      generatedAt: context.now(),
    },
    reconstructionBlocks(reconstruction, {
      name: viewer?.name ?? actor.user.id,
      clientName: viewer?.clientName ?? null,
    }),
  )
  return { bytes, fileName: `trade-${ticket.id}-reconstruction.pdf` }
}
