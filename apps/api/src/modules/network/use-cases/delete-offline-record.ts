// DELETE api/clients/offline-records/{id}/: drop one of the caller's client's offline records.
// Decision 151.
import { NETWORK_MESSAGES as NM } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { isId, notFound, type NetworkContext } from '../context.ts'
import { audit, deleteOfflineRecord as deleteRow } from '../repo.ts'

/** Delete an offline record of the caller's network. */
export async function deleteOfflineRecord(
  context: NetworkContext,
  caller: AuthUser,
  id: string,
  ip?: string,
): Promise<void> {
  if (!isId(id)) throw notFound(NM.recordNotFound)
  await context.transact(async (tx, events) => {
    if (!(await deleteRow(tx, caller.clientId, id))) throw notFound(NM.recordNotFound)
    await audit(tx, {
      actor: caller.id,
      action: 'offline_record_deleted',
      ip,
      detail: { client: caller.clientId, record: id },
    })
    await events.changed(caller.clientId)
  })
}
