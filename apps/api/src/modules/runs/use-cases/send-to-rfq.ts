// "Send to RFQ" from a private-run line: the chat quote becomes an exchange RFQ to the firm that
// sent it, on the chosen exchange (one the caller's firm's rfq_exchanges allows; by default the
// first both firms trade on). The caller takes the other side of the quote: an offer is bought,
// a bid sold, at the quoted level and size.
import {
  PRIVATE_RUN_MESSAGES as PM,
  type PrivateRunLine,
  type RfqExchange,
  type SendToRfq,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import type { RunsContext } from '../context.ts'
import { lineOfUser, updateLine } from '../repo.ts'
import { lineView } from '../view.ts'
import { ownLine } from './change.ts'

const bad = (field: string, message: string) => new HttpError(400, message, { [field]: message })

/** Place a line of the caller's run on the exchange. */
export async function sendToRfq(
  context: RunsContext,
  user: AuthUser,
  id: string,
  body: SendToRfq,
  ip?: string,
): Promise<PrivateRunLine> {
  const line = await ownLine(context.db, user, id)
  const { row } = line
  if (row.status !== 'live') throw new HttpError(409, PM.notLive)
  if (row.venueRfqId !== null) {
    const rfq = (await context.venue.rfqsFor(user, [row.venueRfqId])).get(row.venueRfqId)
    if (rfq && rfq.state !== 'cancelled') throw new HttpError(409, PM.alreadySent)
  }
  if (!row.finstrumentId) throw bad('finstrument_id', PM.bondRequired)
  if (row.yieldValue === null && row.price === null) throw bad('yield', PM.levelRequired)
  if (row.quantum === null) throw bad('quantum', PM.sizeRequired)
  const rfq = await context.venue.initiate(
    user,
    {
      exchange: body.exchange as RfqExchange,
      finstrumentId: row.finstrumentId,
      quoteType: row.quoteType === 'ASK' ? 'BID' : 'ASK',
      quantum: row.quantum,
      yield: row.yieldValue,
      price: row.price,
      settlementDelta:
        row.settlementDelta === 0 || row.settlementDelta === 1 ? row.settlementDelta : null,
      responderClientId: row.senderClientId,
    },
    ip,
  )
  await updateLine(context.db, user.id, row.id, { venueRfqId: rfq.id, updatedAt: context.now() })
  const fresh = await lineOfUser(context.db, user.id, row.id)
  if (!fresh) throw new HttpError(404, PM.lineNotFound)
  await context.events.changed(user.id, [row.id], 'sent_to_rfq')
  return lineView(fresh, rfq, user.isStaff)
}
