// Withdraw the caller's firm's live quotes at once (`PUT api/trade/d/eoi/close/`): all of them, or
// those named, or those on one bond. Each closes as a withdrawal does (decision 261); past
// BULK_QUOTE_MESSAGES quotes the market hears one refresh of its lists, and one `quotes_stream` per
// bond, instead of a message per quote (decision 390).
import type { EoiCloseAllPayload, EoiCloseAllResult } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { isNumericId, type MarketContext } from '../context.ts'
import { BULK_QUOTE_MESSAGES } from '../events.ts'
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
  const due = rows.filter((row) => (!named || named.includes(row.id)) && isLive(row, at))
  const bulk = due.length > BULK_QUOTE_MESSAGES
  // In bulk each withdrawal keeps its cluster and negotiation messages, not its quote's.
  const each: MarketContext = bulk
    ? {
        ...context,
        transact: (work, announce) =>
          context.transact(work, (result, events, tx) =>
            announce(result, { ...events, eoi: async () => undefined }, tx),
          ),
      }
    : context
  const closed: typeof due = []
  try {
    for (const row of due) {
      await expire(each, user, String(row.id), ip)
      closed.push(row)
    }
  } finally {
    // Also when a withdrawal was refused part way: those closed before it are told of.
    if (bulk && closed.length > 0) {
      await context.transact(
        async () => null,
        async (_none, events) => {
          events.touched(closed.map((row) => row.finstrumentId))
          await events.publicRunsRefresh()
        },
      )
    }
  }
  return { closed: closed.map((row) => row.id) }
}
