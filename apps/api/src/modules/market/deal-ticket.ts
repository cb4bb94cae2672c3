// A deal closed in RFQ quotes becomes a ticket, as a venue deal does (decision 328): the closing
// user's ticket with the other firm, at the level dealt, sent to that firm at once, written in the
// close's own transaction (a failing ticket rolls the close back) and kept on the thread.
import { inArray } from 'drizzle-orm'
import type { NegotiationSide } from '@bonds/domain'
import type { Db } from '../../db/index.ts'
import { clients } from '../../db/schema.ts'
import type { Joined } from '../../events/transact.ts'
import type { AuthUser } from '../../http/access.ts'
import type { MarketContext, MarketDeal } from './context.ts'
import type { EoiRow } from './repo.ts'
import { updateNegotiation, type NegotiationEntryRow, type NegotiationRow } from './rfq-repo.ts'

/** What was dealt: the thread, its quote, the counter dealt at and how much. */
export interface Dealt {
  thread: NegotiationRow
  quote: EoiRow
  /** The other side's last counter: the level dealt at. */
  last: NegotiationEntryRow
  quantum: number
  /** The closing user's part in the thread. */
  side: NegotiationSide
  at: Date
}

/** The exchange a firm reports to: NSE unless it reports to BSE only. */
const reportingExchange = (exchanges: readonly string[]): 'NSE' | 'BSE' =>
  exchanges.includes('BSE') && !exchanges.includes('NSE') ? 'BSE' : 'NSE'

/** The deal's terms as ticketing takes them. */
export async function dealTerms(db: Db, user: AuthUser, dealt: Dealt): Promise<MarketDeal> {
  const { thread, quote, last, side } = dealt
  const ownerBuys = quote.quoteType === 'BID'
  const buys = side === 'OWNER' ? ownerBuys : !ownerBuys
  const other = side === 'OWNER' ? thread.counterpartyClientId : thread.ownerClientId
  const firms = await db
    .select({
      id: clients.id,
      isBroker: clients.isBroker,
      reports: clients.allowedReportingExchanges,
    })
    .from(clients)
    .where(inArray(clients.id, [user.clientId, other]))
  const mine = firms.find((f) => f.id === user.clientId)
  const theirs = firms.find((f) => f.id === other)
  // A broker firm on either side is on the ticket as the broker of its side (spec section 6).
  const brokers: MarketDeal['brokers'] = []
  if (mine?.isBroker) brokers.push({ buy_or_sell: buys ? 'buy' : 'sell', user_id: user.id })
  if (theirs?.isBroker) brokers.push({ buy_or_sell: buys ? 'sell' : 'buy', user_id: last.userId })
  const byPrice = last.fixedField === 'price' || last.bondYield === null
  return {
    finstrumentId: thread.finstrumentId,
    side: buys ? 'buy' : 'sell',
    quantum: dealt.quantum,
    price: byPrice ? last.unitPrice : null,
    yield: byPrice ? null : last.bondYield,
    settlementDate: quote.settlementDate,
    exchange: reportingExchange(mine?.reports ?? []),
    counterpartyClientId: other,
    counterpartyUserId: last.userId,
    brokers,
    at: dealt.at,
  }
}

/** Make the deal's ticket inside the close's transaction and keep it on the thread. */
export async function ticketTheDeal(
  context: Pick<MarketContext, 'toTicket'>,
  joined: Joined,
  user: AuthUser,
  dealt: Dealt,
): Promise<number | null> {
  if (!context.toTicket) return null
  const ticketId = await context.toTicket(joined, user, await dealTerms(joined.tx, user, dealt))
  await updateNegotiation(joined.tx, dealt.thread.id, { ticketId })
  return ticketId
}
