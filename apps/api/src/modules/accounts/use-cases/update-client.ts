// An Ops Admin changes the client's name or whether it trades on its books; the answer is the
// client as it now reads.
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import type { AccountsContext } from '../context.ts'
import { updateClient as updateClientRow } from '../repo.ts'
import { client } from './client.ts'

/** Update the caller's client (Ops Admin). */
export async function updateClient(
  context: AccountsContext,
  caller: AuthUser,
  request: { name?: string | undefined; trades_on_books?: boolean | undefined },
  meta: RequestMeta,
) {
  const { db } = context
  const set = {
    ...(request.name !== undefined ? { name: request.name } : {}),
    ...(request.trades_on_books !== undefined ? { tradesOnBooks: request.trades_on_books } : {}),
  }
  if (Object.keys(set).length > 0) {
    await updateClientRow(db, caller.clientId, set)
    await audit(db, {
      actor: caller.id,
      action: 'client_updated',
      ip: meta.ip,
      detail: request,
    })
  }
  return client(context, caller)
}
