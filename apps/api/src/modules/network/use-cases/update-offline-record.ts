// PATCH api/clients/offline-records/{id}/: change some fields of one of the caller's client's
// offline records (null clears an optional one). Decision 151.
import { NETWORK_MESSAGES as NM, type NetworkEntry, type OfflineRecordUpdate } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { isId, notFound, type NetworkContext } from '../context.ts'
import {
  audit,
  isUniqueViolation,
  offlineRecordOf,
  updateOfflineRecord as updateRow,
  type OfflineRecordFields,
} from '../repo.ts'
import { offlineEntryView } from '../views.ts'

/** Change an offline record of the caller's network. */
export async function updateOfflineRecord(
  context: NetworkContext,
  caller: AuthUser,
  id: string,
  body: OfflineRecordUpdate,
  ip?: string,
): Promise<NetworkEntry> {
  const { db } = context
  const record = isId(id) ? await offlineRecordOf(db, caller.clientId, id) : undefined
  if (!record) throw notFound(NM.recordNotFound)
  const changes: Partial<OfflineRecordFields> = {}
  if (body.name !== undefined) changes.name = body.name
  if (body.nsccl_code !== undefined) changes.nscclCode = body.nsccl_code
  if (body.iccl_code !== undefined) changes.icclCode = body.iccl_code
  if (body.contact_name !== undefined) changes.contactName = body.contact_name
  if (body.email !== undefined) changes.email = body.email
  if (body.mobile !== undefined) changes.mobile = body.mobile
  const row = await context.transact(async (tx, events) => {
    let row
    try {
      row = await updateRow(tx, record.id, {
        ...changes,
        updatedBy: caller.id,
        updatedAt: context.now(),
      })
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, NM.recordExists, { name: NM.recordExists })
      throw error
    }
    await audit(tx, {
      actor: caller.id,
      action: 'offline_record_updated',
      ip,
      detail: { client: caller.clientId, record: record.id, fields: Object.keys(changes) },
    })
    await events.changed(caller.clientId)
    return row
  })
  return offlineEntryView(row)
}
