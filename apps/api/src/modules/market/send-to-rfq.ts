// "Send to RFQ" on a new quote (the EOI create payload's `send_to_rfq`; decision 386): the quote is
// posted to the market and, in the same transaction, put on NSE RFQ or BSE RFQ through the venue
// (decision 266) as a one-to-one RFQ to the firm `oto_participant_details.client_id` names, at the
// quote's side, size, level and settlement. The exchange is the one `clearing_corporation` clears
// for (NSCCL: NSE, ICCL: BSE), else the first of the firm's `rfq_exchanges` both firms trade on.
// Every fault is its field's 400 before anything is written; a venue refusal writes nothing.
import {
  PRIVATE_RUN_MESSAGES as PM,
  type EoiCreatePayload,
  type RfqExchange,
  type VenueRfq,
} from '@bonds/domain'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { clients } from '../../db/schema.ts'
import type { Joined } from '../../events/transact.ts'
import type { AuthUser } from '../../http/access.ts'
import { conventionOf, settlementFor } from '../pricing/index.ts'
import type { FinstrumentRow } from '../finstruments/index.ts'
import type { RfqRequest } from '../venue/index.ts'
import { bad } from './context.ts'
import type { QuotedPrice } from './prices.ts'

/** The venue, as the market uses it: an RFQ put on the exchange inside the quote's transaction. */
export interface MarketVenue {
  initiate(joined: Joined, user: AuthUser, request: RfqRequest, ip?: string): Promise<VenueRfq>
}

/** The refusals of a quote sent to RFQ, besides the venue's own (chosen: decision 386). */
export const SEND_TO_RFQ_MESSAGES = {
  unavailable: 'Sending a quote to RFQ is not available here',
  counterpartyNeeded:
    'Name the firm to send the RFQ to in oto_participant_details.client_id (one to one)',
  counterpartyUnknown: 'No such firm to send the RFQ to',
  oneToOne: 'A quote goes to the exchange one to one (rfq_mode OTO)',
  clearingCorporation: 'Clearing corporation NSCCL (NSE RFQ) or ICCL (BSE RFQ)',
  settlement: 'An exchange RFQ settles T+0 or T+1',
} as const
const SM = SEND_TO_RFQ_MESSAGES

/** The exchange each clearing corporation clears for. */
const EXCHANGE_OF_CLEARING: Record<string, RfqExchange> = { NSCCL: 'NSE', ICCL: 'BSE' }

const venueExchanges = (exchanges: readonly string[]): RfqExchange[] =>
  exchanges.filter((e): e is RfqExchange => e === 'NSE' || e === 'BSE')

async function firmExchanges(db: Db, clientId: string): Promise<string[] | undefined> {
  const [row] = await db
    .select({ exchanges: clients.rfqExchanges })
    .from(clients)
    .where(eq(clients.id, clientId))
  return row?.exchanges
}

/**
 * The RFQ a quote about to be posted goes to the exchange as, checked against both firms' RFQ
 * exchanges and the venue's settlements; each fault is its field's 400.
 */
export async function rfqOfQuote(
  db: Db,
  user: AuthUser,
  quote: { payload: EoiCreatePayload; row: FinstrumentRow; settlement: string; price: QuotedPrice },
  today: string,
): Promise<RfqRequest> {
  const { payload, row, settlement, price } = quote
  if (payload.rfq_mode != null && payload.rfq_mode.trim().toUpperCase() !== 'OTO') {
    throw bad('rfq_mode', SM.oneToOne)
  }
  const named = (payload.oto_participant_details as { client_id?: unknown } | null | undefined)
    ?.client_id
  if (typeof named !== 'string' && typeof named !== 'number') {
    throw bad('oto_participant_details', SM.counterpartyNeeded)
  }
  const responder = String(named).trim()
  if (responder === user.clientId) throw bad('oto_participant_details', PM.ownFirm)

  const mine = venueExchanges((await firmExchanges(db, user.clientId)) ?? [])
  if (mine.length === 0) throw bad('send_to_rfq', PM.noExchange)
  const theirExchanges = await firmExchanges(db, responder)
  if (!theirExchanges) throw bad('oto_participant_details', SM.counterpartyUnknown)
  const theirs = venueExchanges(theirExchanges)
  let exchange: RfqExchange | undefined
  if (payload.clearing_corporation != null) {
    exchange = EXCHANGE_OF_CLEARING[payload.clearing_corporation.trim().toUpperCase()]
    if (!exchange) throw bad('clearing_corporation', SM.clearingCorporation)
    if (!mine.includes(exchange)) throw bad('clearing_corporation', PM.exchangeNotAllowed)
  } else {
    exchange = mine.find((e) => theirs.includes(e)) ?? mine[0]
  }
  if (!exchange || !theirs.includes(exchange)) {
    throw bad('oto_participant_details', PM.counterpartyNotOnExchange)
  }

  const convention = conventionOf(row)
  const delta = ([0, 1] as const).find(
    (d) => settlementFor(convention, { settlement_delta: d }, today) === settlement,
  )
  if (delta === undefined) {
    throw bad(payload.settlement ? 'settlement' : 'settlement_delta', SM.settlement)
  }
  const byYield = payload.fixed_field === 'yield' && price.bondYield !== null
  return {
    exchange,
    finstrumentId: row.id,
    quoteType: payload.quote_type,
    quantum: payload.quantum,
    yield: byYield ? price.bondYield : null,
    price: byYield ? null : price.unitPrice,
    settlementDelta: delta,
    responderClientId: responder,
  }
}
