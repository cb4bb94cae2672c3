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
  if (!isId(partnerClientId)) throw notFound(NM.notPartner)
  await context.transact(async (tx, events) => {
    if (!(await deletePartner(tx, caller.clientId, partnerClientId))) {
      throw notFound(NM.notPartner)
    }
    await audit(tx, {
      actor: caller.id,
      action: 'network_partner_removed',
      ip,
      detail: { client: caller.clientId, partner: partnerClientId },
    })
    await events.changed(caller.clientId)
  })
}
