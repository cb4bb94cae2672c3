// The caller's client as its settings screens show it.
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import type { AccountsContext } from '../context.ts'
import { clientById } from '../repo.ts'

/** The caller's client. */
export async function client({ db }: AccountsContext, caller: AuthUser) {
  const row = await clientById(db, caller.clientId)
  if (!row) throw new HttpError(404, 'Client not found')
  return {
    id: row.id,
    name: row.name,
    client_type: row.clientType,
    client_tier: row.tier,
    is_broker: row.isBroker,
    trades_on_books: row.tradesOnBooks,
    allowed_exchanges: row.allowedExchanges,
    rfq_exchanges: row.rfqExchanges,
  }
}
