// Anyone (signed in or not) files a support or access-request ticket: stored with the helpdesk's
// type id for this deployment (spec section 3's mapping in production).
import { supportProviderId } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { AccountsContext } from '../context.ts'
import { insertTicket } from '../repo.ts'

/** Store a support or access-request ticket with its helpdesk type id. */
export async function createTicket(
  { db, now, production }: AccountsContext,
  caller: AuthUser | null,
  request: {
    ticket_type_id: number
    contacts: { email?: string | undefined; name?: string | undefined }[]
    ticket_attributes: Record<string, string | number | boolean | null>
  },
) {
  const providerTypeId = supportProviderId(
    request.ticket_type_id,
    production ? 'production' : 'development',
  )
  const row = await insertTicket(db, {
    ticketTypeId: request.ticket_type_id,
    providerTypeId,
    userId: caller?.id ?? null,
    contacts: request.contacts,
    attributes: request.ticket_attributes,
  })
  return {
    id: row?.id ?? 0,
    ticket_type_id: request.ticket_type_id,
    provider_type_id: providerTypeId,
    created_at: row?.createdAt.toISOString() ?? now().toISOString(),
  }
}
