// Close one's quote against the other side's in their negotiation
// (`PUT api/trade/d/eoi/{id}/close/`): with `confirm` a deal at the other side's last counter (the
// quote's owner takes the counterparty's, the counterparty the owner's); without, a decline. The
// counter quote closes either way; a deal takes its quantum off the quote, which stays live while
// at least the minimum quantum remains (decision 261). A deal becomes a ticket sent to the other firm
// in the same transaction; a repeated confirm answers the deal again and makes nothing twice
// (decision 328). A deal may name its broker: the other firm when it is one, or a broker firm in
// the closing firm's network; any other `broker_id` is refused and nothing changes (decision 383).
// A quote dealt in full ends its open clusters and other negotiations (decision 407).
import {
  MARKET_MESSAGES as MM,
  MIN_QUANTUM,
  RFQ_MESSAGES as RM,
  type EoiClosePayload,
  type Negotiation,
} from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { Db } from '../../../db/index.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { bad, isNumericId, type MarketContext } from '../context.ts'
import type { MarketEvents } from '../events.ts'
import { isLive } from '../model.ts'
import { ticketTheDeal } from '../deal-ticket.ts'
import { checkDealBroker, REFERENCE_MESSAGES } from '../references.ts'
import {
  announceQuoteEnded,
  endQuote,
  lockMarket,
  NOTHING_ENDED,
  type QuoteEnded,
} from '../cluster-end.ts'
import { eoiById, setEoiState, type EoiRow } from '../repo.ts'
import { negotiationSide, negotiationView } from '../rfq-model.ts'
import {
  entriesOf,
  negotiationBetween,
  negotiationById,
  updateEoi,
  updateNegotiation,
} from '../rfq-repo.ts'

/** Deal at, or decline, the other side's last counter in the negotiation joining two quotes. */
export async function closeEoi(
  context: MarketContext,
  user: AuthUser,
  id: string,
  payload: EoiClosePayload,
  ip?: string,
): Promise<Negotiation> {
  const { db, now, transact } = context
  const at = now()
  const opposing = String(payload.opposing_eoi)
  if (!isNumericId(id)) throw new HttpError(404, 'Quote not found')
  if (!isNumericId(opposing)) throw bad('opposing_eoi', RM.opposingNotCounter)
  if (!payload.confirm && payload.broker_id != null) {
    throw bad('broker_id', REFERENCE_MESSAGES.brokerOnDecline)
  }

  const done = await transact(async (tx, joined) => {
    // Both quotes locked in id order first, with the quotes and clusters a deal may end (the
    // market's lock order, decision 408): the owner's close and the counterparty's at once wait
    // on each other (the second then finds the deal) instead of deadlocking.
    const open = await lockMarket(tx, [Number(id), Number(opposing)])
    const mine = await eoiById(tx, Number(id), { lock: true })
    if (!mine || mine.clientId !== user.clientId) throw new HttpError(404, 'Quote not found')
    const thread = await negotiationBetween(tx, mine.id, Number(opposing))
    if (!thread) {
      // The same deal confirmed again (a retry, or the other side's close): it is answered as it
      // stands, with its one ticket.
      const dealt = payload.confirm
        ? await negotiationBetween(tx, mine.id, Number(opposing), 'DEALT')
        : undefined
      const dealtSide = dealt ? negotiationSide(dealt, user.clientId) : null
      if (!dealt || !dealtSide) throw bad('opposing_eoi', RM.opposingNotCounter)
      await checkDealBroker(tx, user, payload.broker_id, otherFirm(dealt, dealtSide))
      return {
        threadId: dealt.id,
        side: dealtSide,
        changed: [],
        ended: NOTHING_ENDED,
        repeat: true,
      }
    }
    const side = negotiationSide(thread, user.clientId)
    if (!side) throw new HttpError(404, 'Quote not found')
    if (payload.confirm) await checkDealBroker(tx, user, payload.broker_id, otherFirm(thread, side))
    const [quote, counter] = await Promise.all([
      eoiById(tx, thread.eoiId, { lock: true }),
      eoiById(tx, thread.counterEoiId, { lock: true }),
    ])
    if (!quote || !counter) throw new HttpError(404, 'Quote not found')
    const changed: EoiRow[] = []
    if (isLive(counter, at)) {
      await setEoiState(tx, counter.id, 'CLOSED', at)
      changed.push({ ...counter, state: 'CLOSED' })
    }
    if (!payload.confirm) {
      await updateNegotiation(tx, thread.id, { state: 'CLOSED', closedBy: user.id, updatedAt: at })
      await audit(tx, {
        actor: user.id,
        action: 'eoi_negotiation_declined',
        ip: ip ?? null,
        detail: { negotiation_id: thread.id, eoi_id: quote.id },
      })
      return { threadId: thread.id, side, changed, ended: NOTHING_ENDED, repeat: false }
    }
    if (!isLive(quote, at)) throw new HttpError(409, MM.quoteNotLive)
    const entries = await entriesOf(tx, [thread.id])
    const last = entries.at(-1)
    if (!last) throw bad('opposing_eoi', RM.nothingToAccept)
    if (last.clientId === user.clientId) throw bad('opposing_eoi', RM.lastWordYours)
    const quantum = Math.min(last.quantum, quote.quantum)
    const left = quote.quantum - quantum
    const closesQuote = left < MIN_QUANTUM
    if (closesQuote) {
      await setEoiState(tx, quote.id, 'CLOSED', at)
      changed.push({ ...quote, state: 'CLOSED' })
    } else {
      await updateEoi(tx, quote.id, { quantum: left, updatedAt: at })
      changed.push({ ...quote, quantum: left })
    }
    await updateNegotiation(tx, thread.id, {
      state: 'DEALT',
      dealPrice: last.unitPrice,
      dealYield: last.bondYield,
      dealQuantum: quantum,
      brokerClientId: payload.broker_id == null ? null : String(payload.broker_id),
      dealtAt: at,
      closedBy: user.id,
      updatedAt: at,
    })
    await audit(tx, {
      actor: user.id,
      action: 'eoi_dealt',
      ip: ip ?? null,
      detail: {
        negotiation_id: thread.id,
        eoi_id: quote.id,
        counter_eoi_id: counter.id,
        unit_price: last.unitPrice,
        quantum,
      },
    })
    // A quote dealt in full ends like any quote leaving the market (decision 407): its open
    // clusters close (their responses with them) and its other negotiations end.
    const ended = closesQuote ? await endQuote(tx, quote.id, open, at, user.id) : NOTHING_ENDED
    await ticketTheDeal(context, joined, user, { thread, quote, last, quantum, side, at })
    return { threadId: thread.id, side, changed, ended, repeat: false }
  }, announce)
  const thread = (await negotiationById(db, done.threadId)) as NonNullable<
    Awaited<ReturnType<typeof negotiationById>>
  >
  return negotiationView(thread, await entriesOf(db, [thread.id]), done.side)
}

/** The firm on the other side of a negotiation from the caller's. */
const otherFirm = (
  thread: { ownerClientId: string; counterpartyClientId: string },
  side: 'OWNER' | 'COUNTERPARTY',
) => (side === 'OWNER' ? thread.counterpartyClientId : thread.ownerClientId)

/** What a close tells the sockets, in its transaction: the quotes it changed and the thread. */
async function announce(
  done: {
    threadId: number
    changed: readonly Parameters<MarketEvents['eoi']>[0][]
    ended: QuoteEnded
    repeat: boolean
  },
  events: MarketEvents,
  tx: Db,
) {
  if (done.repeat) return
  for (const eoi of done.changed) await events.eoi(eoi)
  const thread = await negotiationById(tx, done.threadId)
  if (thread) await events.negotiation(thread)
  await announceQuoteEnded(events, done.ended)
}
