// POST api/clients/offline-records/: record a counterparty that is not on the platform, by name,
// clearing codes and contact. Names are unique within a client (case aside); a client keeps at
// most OFFLINE_RECORDS_MAX. Decision 151.
import { randomUUID } from 'node:crypto'
import {
  NETWORK_MESSAGES as NM,
  OFFLINE_RECORDS_MAX,
  type NetworkEntry,
  type OfflineRecordCreate,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import type { NetworkContext } from '../context.ts'
import { audit, countOfflineRecords, insertOfflineRecord, isUniqueViolation } from '../repo.ts'
import { offlineEntryView } from '../views.ts'

/** Record an offline counterparty in the caller's network. */
export async function createOfflineRecord(
  context: NetworkContext,
  caller: AuthUser,
  body: OfflineRecordCreate,
  ip?: string,
): Promise<NetworkEntry> {
  const { db } = context
  if ((await countOfflineRecords(db, caller.clientId)) >= OFFLINE_RECORDS_MAX) {
    throw new HttpError(409, NM.tooManyRecords)
  }
  const now = context.now()
  const row = await context.transact(async (tx, events) => {
    let row
    try {
      row = await insertOfflineRecord(tx, {
        id: randomUUID(),
        clientId: caller.clientId,
        name: body.name,
        nscclCode: body.nsccl_code ?? null,
        icclCode: body.iccl_code ?? null,
        contactName: body.contact_name ?? null,
        email: body.email ?? null,
        mobile: body.mobile ?? null,
        createdBy: caller.id,
        updatedBy: caller.id,
        createdAt: now,
        updatedAt: now,
      })
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, NM.recordExists, { name: NM.recordExists })
      throw error
    }
    await audit(tx, {
      actor: caller.id,
      action: 'offline_record_created',
      ip,
      detail: { client: caller.clientId, record: row.id, name: row.name },
    })
    await events.changed(caller.clientId)
    return row
  })
  return offlineEntryView(row)
}
