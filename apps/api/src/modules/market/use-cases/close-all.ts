// Withdraw the caller's firm's live quotes at once (`PUT api/trade/d/eoi/close/`): all of them, or
// those named, or those on one bond. Each closes as a withdrawal does (decision 261).
import type { EoiCloseAllPayload, EoiCloseAllResult } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { isNumericId, type MarketContext } from '../context.ts'
import { isLive } from '../model.ts'
import { listEois } from '../repo.ts'
import { expire } from './expire.ts'

/** Withdraw the caller's firm's live quotes (all, the ones named, or those on one bond). */
export async function closeAll(
  context: MarketContext,
  user: AuthUser,
  payload: EoiCloseAllPayload,
  ip?: string,
): Promise<EoiCloseAllResult> {
  const at = context.now()
  const named = payload.eoi_ids?.map(String).filter(isNumericId).map(Number)
  const { rows } = await listEois(context.db, {
    clientId: user.clientId,
    live: true,
    now: at,
    offset: 0,
    limit: 5000,
    ...(payload.finstrument_id ? { finstrumentId: payload.finstrument_id } : {}),
  })
  const closed: number[] = []
  for (const row of rows) {
    if (named && !named.includes(row.id)) continue
    if (!isLive(row, at)) continue
    await expire(context, user, String(row.id), ip)
    closed.push(row.id)
  }
  return { closed }
}
