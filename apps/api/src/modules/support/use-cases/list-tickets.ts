// The firm's Ops Admin lists the support tickets its people filed, newest first: what they asked,
// the files they attached and where each ticket went. The product's staff list every firm's.
import { SUPPORT_TICKET_TYPES, type SupportTicketList } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import type { SupportContext } from '../context.ts'
import { ticketsPage } from '../repo.ts'

const LABELS = new Map<number, string>(
  Object.values(SUPPORT_TICKET_TYPES).map((type) => [type.id, type.label]),
)

/** A page of the caller's firm's tickets. */
export async function listTickets(
  context: SupportContext,
  caller: AuthUser,
  query: { page: number; page_size: number },
): Promise<SupportTicketList> {
  return page(context, caller.clientId, query)
}

/** A page of every firm's tickets, or one firm's (`client_id`): the product's staff. */
export async function listAllTickets(
  context: SupportContext,
  caller: AuthUser,
  query: { page: number; page_size: number; client_id?: string | undefined },
): Promise<SupportTicketList> {
  // The route admits staff alone; the use case holds the rule too.
  if (!caller.isStaff) throw new HttpError(403, 'Only the product’s staff may do this.')
  return page(context, query.client_id ?? null, query)
}

async function page(
  { db }: SupportContext,
  clientId: string | null,
  query: { page: number; page_size: number },
): Promise<SupportTicketList> {
  const { count, rows } = await ticketsPage(db, clientId, query.page, query.page_size)
  return {
    count,
    results: rows.map(({ ticket, userEmail, firstName, lastName, clientName }) => ({
      id: ticket.id,
      ticket_type_id: ticket.ticketTypeId,
      type_label: LABELS.get(ticket.ticketTypeId) ?? `Type ${ticket.ticketTypeId}`,
      provider_type_id: ticket.providerTypeId,
      created_at: ticket.createdAt.toISOString(),
      closed_at: ticket.closedAt?.toISOString() ?? null,
      raised_by:
        ticket.userId && userEmail !== null
          ? {
              id: ticket.userId,
              name: `${firstName ?? ''} ${lastName ?? ''}`.trim(),
              email: userEmail,
            }
          : null,
      client:
        ticket.clientId && clientName !== null ? { id: ticket.clientId, name: clientName } : null,
      contacts: ticket.contacts as { email?: string; name?: string }[],
      ticket_attributes: ticket.attributes as Record<string, unknown>,
      attachments: ticket.attachments,
      helpdesk: { name: ticket.helpdesk, external_id: ticket.externalId },
    })),
  }
}
