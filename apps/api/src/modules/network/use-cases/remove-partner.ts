// DELETE api/clients/partners/{id}/: take a firm out of the caller's network. Decision 151.
import { NETWORK_MESSAGES as NM } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { isId, notFound, type NetworkContext } from '../context.ts'
import { audit, deletePartner } from '../repo.ts'

/** Remove a partner from the caller's network. */
export async function removePartner(
  context: NetworkContext,
  caller: AuthUser,
  partnerClientId: string,
  ip?: string,
): Promise<void> {
  const removed =
    isId(partnerClientId) && (await deletePartner(context.db, caller.clientId, partnerClientId))
  if (!removed) throw notFound(NM.notPartner)
  await audit(context.db, {
    actor: caller.id,
    action: 'network_partner_removed',
    ip,
    detail: { client: caller.clientId, partner: partnerClientId },
  })
  await context.events.changed(caller.clientId)
}
