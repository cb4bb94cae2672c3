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
  const { rfq, lineId } = await context.transact(async (tx, events, joined) => {
    // Lock order (decision 402): the line first; the RFQ it was sent as before is only read, and
    // the venue rows locked after it are the new RFQ's, which no other transaction can see yet.
    // A venue step locks its RFQ and only reads lines: the two never wait on each other in a circle.
    const { row } = await ownLine(tx, user, id, { lock: true })
    if (row.status !== 'live') throw new HttpError(409, PM.notLive)
    if (row.venueRfqId !== null) {
      const sent = (await context.venue.rfqsFor(user, [row.venueRfqId], joined)).get(row.venueRfqId)
      if (sent && sent.state !== 'cancelled') throw new HttpError(409, PM.alreadySent)
    }
    if (!row.finstrumentId) throw bad('finstrument_id', PM.bondRequired)
    if (row.yieldValue === null && row.price === null) throw bad('yield', PM.levelRequired)
    if (row.quantum === null) throw bad('quantum', PM.sizeRequired)
    // The RFQ and the line that made it are one commit.
    const placed = await context.venue.initiate(
      joined,
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
    await updateLine(tx, user.id, row.id, { venueRfqId: placed.id, updatedAt: context.now() })
    await events.changed(user.id, [row.id], 'sent_to_rfq')
    return { rfq: placed, lineId: row.id }
  })
  const fresh = await lineOfUser(context.db, user.id, lineId)
  if (!fresh) throw new HttpError(404, PM.lineNotFound)
  return lineView(fresh, rfq, user.isStaff)
}
