// Anyone (signed in or not) files a support or access-request ticket: stored with the helpdesk's
// type id for this deployment (spec section 3's mapping in production), with the caller's firm so
// its Ops Admin lists it, then handed to the configured helpdesk. A signed-in user has at most one
// open access request per feature: asking again answers that one, with its date (decision 086).
import { SUPPORT_TICKET_TYPES, supportProviderId, type SupportTicket } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { SupportContext } from '../context.ts'
import { insertTicket, markForwarded, openAccessRequest } from '../repo.ts'

/** A ticket as the route parsed it. */
export interface TicketRequest {
  ticket_type_id: number
  contacts: { email?: string | undefined; name?: string | undefined }[]
  ticket_attributes: Record<string, string | number | boolean | null | string[]>
}

/** Store a support or access-request ticket, or answer the user's open request for the feature. */
export async function createTicket(
  context: SupportContext,
  caller: AuthUser | null,
  request: TicketRequest,
): Promise<SupportTicket> {
  const { db, now, production } = context
  const providerTypeId = supportProviderId(
    request.ticket_type_id,
    production ? 'production' : 'development',
  )
  const answer = (row: { id: number; createdAt: Date }, alreadyRequested: boolean) => ({
    id: row.id,
    ticket_type_id: request.ticket_type_id,
    provider_type_id: providerTypeId,
    created_at: row.createdAt.toISOString(),
    already_requested: alreadyRequested,
  })
  // The request schema makes an access request name its feature.
  const feature = String(request.ticket_attributes.form_type ?? '')
  const onePerFeature = caller !== null && request.ticket_type_id === SUPPORT_TICKET_TYPES.access.id
  if (onePerFeature) {
    const open = await openAccessRequest(db, caller.id, feature)
    if (open) return answer(open, true)
  }
  const { attachments = [], ...attributes } = request.ticket_attributes
  const files = Array.isArray(attachments) ? attachments : []
  const row = await insertTicket(db, {
    ticketTypeId: request.ticket_type_id,
    providerTypeId,
    userId: caller?.id ?? null,
    clientId: caller?.clientId ?? null,
    contacts: request.contacts,
    attributes,
    attachments: files,
    createdAt: now(),
  })
  if (row) {
    await forward(context, {
      id: row.id,
      providerTypeId,
      contacts: request.contacts,
      attributes,
      attachments: files,
      createdAt: row.createdAt,
    })
    return answer(row, false)
  }
  // A second click raced the first past the check: the index kept one, answer it.
  const open = onePerFeature ? await openAccessRequest(db, caller.id, feature) : undefined
  if (!open) throw new Error('a support ticket was neither stored nor found')
  return answer(open, true)
}

/** Hand a stored ticket to the helpdesk; a failure is recorded and logged, never the caller's. */
async function forward(
  { db, helpdesk, onForwardError }: SupportContext,
  ticket: Parameters<SupportContext['helpdesk']['forward']>[0],
) {
  if (helpdesk.name === 'embedded') return
  try {
    const externalId = await helpdesk.forward(ticket)
    await markForwarded(db, ticket.id, { helpdesk: helpdesk.name, externalId })
  } catch (error) {
    onForwardError(error, ticket.id)
    const message = error instanceof Error ? error.message : String(error)
    await markForwarded(db, ticket.id, { helpdesk: helpdesk.name, error: message.slice(0, 500) })
  }
}
