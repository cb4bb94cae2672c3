// The firm's Ops Admin lists the support tickets its people filed, newest first: what they asked,
// the files they attached and where each ticket went.
import { SUPPORT_TICKET_TYPES, type SupportTicketList } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { SupportContext } from '../context.ts'
import { firmTickets } from '../repo.ts'

const LABELS = new Map<number, string>(
  Object.values(SUPPORT_TICKET_TYPES).map((type) => [type.id, type.label]),
)

/** A page of the caller's firm's tickets. */
export async function listTickets(
  { db }: SupportContext,
  caller: AuthUser,
  query: { page: number; page_size: number },
): Promise<SupportTicketList> {
  const { count, rows } = await firmTickets(db, caller.clientId, query.page, query.page_size)
  return {
    count,
    results: rows.map(({ ticket, userEmail, firstName, lastName }) => ({
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
      contacts: ticket.contacts as { email?: string; name?: string }[],
      ticket_attributes: ticket.attributes as Record<string, unknown>,
      attachments: ticket.attachments,
      helpdesk: { name: ticket.helpdesk, external_id: ticket.externalId },
    })),
  }
}
