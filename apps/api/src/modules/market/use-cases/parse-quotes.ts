// What the desk-chat parser reads in one message or pasted run (`POST api/eoi/parse/`): quotes with
// the bond resolved against the universe in the database, a confidence each, nothing posted.
import type { EoiParseRequest, EoiParseResponse } from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import { parseChatQuotes } from '@bonds/trading/chat-quotes'
import { databaseResolver } from '../../finstruments/index.ts'
import type { MarketContext } from '../context.ts'

/** Read the quotes in a message or run. */
export async function parseQuotes(
  { db, now }: MarketContext,
  request: EoiParseRequest,
): Promise<EoiParseResponse> {
  const quotes = await parseChatQuotes(request.text, databaseResolver(db, todayInIndia(now())), {
    deals: request.deals,
  })
  return {
    quotes: quotes.map((q) => ({
      isin: q.isin,
      finstrument_id: q.finstrumentId,
      display_name: q.displayName,
      quote_type: q.quoteType,
      yield: q.yield,
      price: q.price,
      quantum: q.quantum,
      settlement_delta: q.settlementDelta,
      confidence: q.confidence,
      auto: q.auto,
    })),
  }
}
