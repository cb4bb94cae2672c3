// A deal on the venue of an RFQ that a market quote was sent as (`send_to_rfq`, decision 386)
// takes the dealt size off that quote, in the deal's own transaction: the quote stays live while
// at least the minimum quantum remains, as after a deal in RFQ quotes (decision 261), and closes
// otherwise, ending its open clusters and negotiations (decision 407). A quote no longer live (withdrawn, expired, closed meanwhile) is left as it is; the
// quote never goes below nothing (decision 400). Its `quotes_eoi` and the bond's `quotes_stream`
// go out with the deal's commit.
import { MIN_QUANTUM } from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { Joined } from '../../../events/transact.ts'
import type { MarketContext } from '../context.ts'
import { streamingMarketEvents } from '../events.ts'
import { isLive } from '../model.ts'
import { announceQuoteEnded, endQuote, lockMarket, type QuoteEnded } from '../cluster-end.ts'
import { eoiById, quoteSentToRfq, setEoiState } from '../repo.ts'
import { updateEoi } from '../rfq-repo.ts'

/** A venue deal, as the market takes it. */
export interface VenueDealt {
  /** The RFQ dealt and, when it went to several firms, its group's first leg. */
  venueRfqIds: readonly number[]
  /** The firm that sent the RFQ: the quote's. */
  initiatorClientId: string
  finstrumentId: string
  /** Rupees of face value dealt. */
  quantum: number
  /** Who accepted (the audit's actor). */
  userId: string
  at: Date
}

/** What a venue deal did to the quote it came from: its id and what is left, or nothing. */
export type VenueDealtResult = { eoiId: number; left: number; closed: boolean } | null

/** Take a venue deal's size off the market quote sent as its RFQ, inside the deal's transaction. */
export async function venueDealt(
  { now }: MarketContext,
  joined: Joined,
  deal: VenueDealt,
): Promise<VenueDealtResult> {
  const { tx } = joined
  const quote = await quoteSentToRfq(tx, {
    clientId: deal.initiatorClientId,
    finstrumentId: deal.finstrumentId,
    venueRfqIds: deal.venueRfqIds,
  })
  const at = now()
  if (!quote || !isLive(quote, at)) return null
  const taken = Math.min(Math.max(deal.quantum, 0), quote.quantum)
  const left = quote.quantum - taken
  const closed = left < MIN_QUANTUM
  let ended: QuoteEnded | null = null
  if (closed) {
    await setEoiState(tx, quote.id, 'CLOSED', at)
    // Closed, it ends as any quote leaving the market (decision 407): its open clusters close and
    // its negotiations end. The quote is locked first (above); what it ends is locked after it,
    // in the market's order (decision 408): its responses and counters are newer, higher ids.
    ended = await endQuote(tx, quote.id, await lockMarket(tx, [quote.id]), at, deal.userId)
  } else await updateEoi(tx, quote.id, { quantum: left, updatedAt: at })
  await audit(tx, {
    actor: deal.userId,
    action: 'eoi_venue_dealt',
    detail: { eoi_id: quote.id, venue_rfq_id: deal.venueRfqIds[0], quantum: taken, left },
  })
  const events = streamingMarketEvents(
    async (event) => joined.emit(event),
    async (eoiId) => (await eoiById(tx, eoiId))?.clientId ?? null,
  )
  await events.eoi(
    closed
      ? { ...quote, state: 'CLOSED', updatedAt: at }
      : { ...quote, quantum: left, updatedAt: at },
  )
  if (ended) await announceQuoteEnded(events, ended)
  await events.flush()
  return { eoiId: quote.id, left: closed ? 0 : left, closed }
}
