// The steps after initiation: the responder quotes, either side counters (negotiate), the side
// whose turn it is accepts (the deal, handed to ticketing) and the initiator may cancel. Each is
// checked by the venue and taken under the RFQ's row lock (all its legs' when it went to several
// firms: a deal on one leg, or the withdrawal, closes the others by the venue's rules; decision 329).
import {
  PRIVATE_RUN_MESSAGES as PM,
  type RfqExchange,
  type VenueLevel,
  type VenueRfq,
} from '@bonds/domain'
import { eq } from 'drizzle-orm'
import { audit } from '../../../db/audit.ts'
import { venueRfqs, type VenueStep } from '../../../db/runs-schema.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { findFinstrument } from '../../finstruments/index.ts'
import { refused, roleOf, type VenueContext } from '../context.ts'
import { isOpen, namesOf, rfqById, rfqsOfGroup, type VenueRfqRow } from '../repo.ts'
import { rfqView } from '../view.ts'
import { termsOf } from './initiate.ts'

/** A step a party takes. */
export type PartyStep = 'quote' | 'negotiate' | 'accept' | 'cancel'

const numericId = (id: string) => (/^\d{1,18}$/.test(id) ? Number(id) : null)

/** Take one step on an RFQ; answers it as the caller sees it. */
export async function step(
  context: VenueContext,
  user: AuthUser,
  id: string,
  kind: PartyStep,
  level: Partial<VenueLevel> = {},
  ip?: string,
): Promise<VenueRfq> {
  const { db, now, port, transact } = context
  const rfqId = numericId(id)
  const before = rfqId === null ? undefined : await rfqById(db, rfqId)
  const role = before ? roleOf(before, user) : null
  if (!before || !role) throw new HttpError(404, PM.rfqNotFound)
  const bond = await findFinstrument(db, before.finstrumentId)
  if (!bond) throw new Error(`bond ${before.finstrumentId} of venue RFQ ${before.id} not found`)

  const changed = await transact(async (tx, events, joined) => {
    // One leg of several: all of them locked, in id order, so two deals on one RFQ cannot both win.
    const legs =
      before.groupId === null
        ? [await rfqById(tx, before.id, { lock: true })]
        : await rfqsOfGroup(tx, before.groupId, { lock: true })
    const row = legs.find((leg) => leg?.id === before.id)
    if (!row) throw new HttpError(404, PM.rfqNotFound)
    if (row.state === 'closed') throw new HttpError(409, PM.anotherAccepted)
    if (!isOpen(row)) throw new HttpError(409, PM.rfqClosed)
    const others = legs.filter(
      (leg): leg is VenueRfqRow => !!leg && leg.id !== row.id && isOpen(leg),
    )
    // Whose move: the responder quotes first; then the side that did not make the last level.
    const turn = row.lastBy === 'initiator' ? 'responder' : 'initiator'
    if (kind === 'quote' && (role !== 'responder' || row.state !== 'initiated')) {
      throw new HttpError(409, 'Only the firm the RFQ was sent to quotes it, once')
    }
    if (kind === 'negotiate' && (row.state === 'initiated' || role !== turn)) {
      throw new HttpError(409, row.state === 'initiated' ? 'Wait for the quote' : PM.notYourTurn)
    }
    if (kind === 'accept' && (row.state === 'initiated' || role !== turn)) {
      throw new HttpError(409, row.state === 'initiated' ? 'Wait for the quote' : PM.notYourTurn)
    }
    if (kind === 'cancel' && role !== 'initiator') {
      throw new HttpError(409, 'Only the firm that sent the RFQ withdraws it')
    }
    // A new level replaces the one before it (yield or price, whichever is given).
    const priced = level.yield !== undefined || level.price !== undefined
    const next = {
      yield: priced ? (level.yield ?? null) : row.yieldValue,
      price: priced ? (level.price ?? null) : row.price,
      quantum: level.quantum ?? row.quantum,
    }
    const terms = termsOf(bond, {
      exchange: row.exchange as RfqExchange,
      quoteType: row.quoteType as 'BID' | 'ASK',
      quantum: next.quantum,
      yield: next.yield,
      price: next.price,
      settlementDate: row.settlementDate,
    })
    const answer = await port.step(
      row.venueRef,
      kind,
      terms,
      others.map((leg) => leg.venueRef),
    )
    if (!answer.ok) throw refused(answer)
    const state =
      kind === 'accept'
        ? 'dealt'
        : kind === 'cancel'
          ? 'cancelled'
          : kind === 'quote'
            ? 'quoted'
            : 'negotiating'
    const entry: VenueStep = {
      at: answer.at.toISOString(),
      by: role,
      action: kind,
      yield: next.yield,
      price: next.price,
      quantum: next.quantum,
    }
    const leveled = kind === 'quote' || kind === 'negotiate'
    await tx
      .update(venueRfqs)
      .set({
        state,
        yieldValue: next.yield,
        price: next.price,
        quantum: next.quantum,
        ...(leveled ? { lastBy: role } : {}),
        history: [...row.history, entry],
        updatedAt: now(),
      })
      .where(eq(venueRfqs.id, row.id))
    await audit(tx, {
      actor: user.id,
      action: 'venue_rfq_changed',
      ip: ip ?? null,
      detail: { venue_rfq_id: row.id, step: kind, ref: row.venueRef },
    })
    if (kind === 'accept') {
      // The deal becomes a ticket of the accepting side, sent to the other firm, which confirms it
      // and accepts the consideration naming its custodian: then it is an order (decision 220).
      // It is made in this transaction: a deal is never without its ticket.
      const initiatorBuys = row.quoteType === 'BID'
      const buys = role === 'initiator' ? initiatorBuys : !initiatorBuys
      const ticketId = await context.toTicket(joined, user, {
        exchange: row.exchange as RfqExchange,
        finstrumentId: row.finstrumentId,
        side: buys ? 'buy' : 'sell',
        quantum: next.quantum,
        yield: next.yield,
        price: next.price,
        settlementDate: row.settlementDate,
        counterpartyClientId: role === 'initiator' ? row.responderClientId : row.initiatorClientId,
        at: answer.at,
      })
      await tx.update(venueRfqs).set({ ticketId }).where(eq(venueRfqs.id, row.id))
      // A market quote sent as this RFQ gives up what was dealt, in this commit (decision 400).
      await context.onDeal(joined, {
        venueRfqIds: row.groupId === null ? [row.id] : [row.id, row.groupId],
        initiatorClientId: row.initiatorClientId,
        finstrumentId: row.finstrumentId,
        quantum: next.quantum,
        userId: user.id,
        at: answer.at,
      })
    }
    // The other legs the venue closed: another firm's quote was accepted, or the RFQ withdrawn.
    for (const leg of others.filter((other) => answer.closed?.includes(other.venueRef))) {
      const closing: VenueStep = {
        at: answer.at.toISOString(),
        by: 'venue',
        action: kind === 'accept' ? 'close' : 'cancel',
        yield: leg.yieldValue,
        price: leg.price,
        quantum: leg.quantum,
      }
      await tx
        .update(venueRfqs)
        .set({
          state: kind === 'accept' ? 'closed' : 'cancelled',
          history: [...leg.history, closing],
          updatedAt: now(),
        })
        .where(eq(venueRfqs.id, leg.id))
      const closed = await rfqById(tx, leg.id)
      if (!closed) throw new Error(`venue RFQ ${leg.id} vanished`)
      await events.changed(closed)
      await context.onChange(joined, closed)
    }
    const after = await rfqById(tx, row.id)
    if (!after) throw new Error(`venue RFQ ${row.id} vanished`)
    await events.changed(after)
    await context.onChange(joined, after)
    return after
  })
  return rfqView(changed, user, await namesOf(db, [changed]))
}
