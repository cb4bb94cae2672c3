// Offers to chosen counterparties (decision 291): a private run is what a dealer reads from the
// chats they receive, so the offers are one message in the caller's direct chat with each chosen
// counterparty, a line per position ("IN0020230085 offer 7.0500 10 cr"), read into that person's
// Private runs tab by the runs module's own reader. Only people of other firms with trade access
// (who have a run) may be chosen. Each line is read back with the same parser before anything is
// reserved or sent, so what reaches the run is exactly what was offered; the face is reserved
// until the end of the day in India and the messages sent in one transaction (decision 317).
import { INVENTORY_MESSAGES as IM, PERMISSIONS, type InventoryOfferResult } from '@bonds/domain'
import { roundTo, todayInIndia } from '@bonds/pricing'
import { parseChatQuotes } from '@bonds/trading/chat-quotes'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { permissionsOf } from '../../accounts/index.ts'
import { databaseResolver } from '../../finstruments/index.ts'
import { bad, type InventoryContext, type ReceivedOffer } from '../context.ts'
import { recipientsFacts } from '../../runs/index.ts'
import { insertOffer } from '../repo.ts'
import {
  holdPositions,
  positionName,
  type CheckedOffer,
  type CheckedOffers,
} from './offer-check.ts'

const DAY_MS = 86_400_000

/** A decimal with at least two places and at most `places`. */
const decimal = (value: number, places: number) => {
  const text = String(roundTo(value, places))
  return text.includes('.') ? (text.split('.')[1]!.length < 2 ? `${text}0` : text) : `${text}.00`
}

/** A size as a desk writes it: crores, else lakhs. */
const size = (quantum: number) =>
  quantum % 100_000 === 0 && quantum % 10_000_000 !== 0
    ? `${quantum / 100_000} L`
    : `${roundTo(quantum / 10_000_000, 7)} cr`

/** The level a line offers: the price or yield given, else the position's market yield or price. */
function levelOf({ offer, position }: CheckedOffer) {
  if (offer.unit_clean_price != null) return { price: roundTo(offer.unit_clean_price, 4) }
  if (offer.bond_yield != null) return { yield: roundTo(offer.bond_yield / 100, 6) }
  if (position.yield !== null) return { yield: roundTo(position.yield, 6) }
  return { price: roundTo(position.market_clean_price, 4) }
}

/** The run's lines, one per offer. */
function runLines(checked: readonly CheckedOffer[]) {
  return checked.map((c) => {
    const level = levelOf(c)
    const written =
      level.price !== undefined ? decimal(level.price, 4) : decimal((level.yield ?? 0) * 100, 4)
    return { ...c, level, text: `${c.position.isin} offer ${written} ${size(c.offer.quantum)}` }
  })
}

/** Offer the checked positions to chosen counterparties as a private run. */
export async function offerPrivately(
  ctx: InventoryContext,
  user: AuthUser,
  checked: CheckedOffers,
  counterpartyIds: readonly string[],
  ip?: string,
): Promise<InventoryOfferResult> {
  const ids = [...new Set(counterpartyIds)]
  const facts = new Map((await recipientsFacts(ctx.db, ids)).map((f) => [f.id, f]))
  const notCounterparty = (j: number) => bad(`counterparty_user_ids.${j}`, IM.notRunCounterparty)
  ids.forEach((id) => {
    const person = facts.get(id)
    if (
      !person ||
      person.status !== 'active' ||
      person.clientId === user.clientId ||
      !permissionsOf(person).includes(PERMISSIONS.canTrade as string)
    ) {
      throw notCounterparty(counterpartyIds.indexOf(id))
    }
  })
  checked.forEach(({ offer }, i) => {
    if (offer.settlement_date) {
      throw bad(`offers.${i}.settlement_date`, IM.privateRunSettlement)
    }
  })

  // Each line read back as the counterparty's run will read it: the bond, an offer, the level, the size.
  const now = ctx.now()
  const today = todayInIndia(now)
  const lines = runLines(checked)
  const text = lines.map((l) => l.text).join('\n')
  const read = await parseChatQuotes(text, databaseResolver(ctx.db, today))
  lines.forEach((line, i) => {
    const quote = read.find((q) => q.line === i + 1)
    const same =
      quote?.auto === true &&
      quote.finstrumentId === line.offer.finstrument_id &&
      quote.quoteType === 'ASK' &&
      quote.quantum === line.offer.quantum &&
      (line.level.price !== undefined
        ? quote.price === line.level.price
        : quote.yield === line.level.yield)
    if (!same) {
      const message = IM.offerRefused(positionName(line.position), IM.notReadable)
      throw new HttpError(400, message, { [`offers.${i}`]: message })
    }
  })

  // The direct chat with each (the chat's own rules on who may be reached apply; a caller who has
  // not accepted the chat terms is told so by the chat).
  const channels: string[] = []
  for (const id of ids) {
    try {
      channels.push(await ctx.privateRuns.channelWith(user, id))
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) {
        throw notCounterparty(counterpartyIds.indexOf(id))
      }
      throw error
    }
  }

  const expiresAt = new Date(Date.parse(`${today}T00:00:00+05:30`) + DAY_MS)
  // All or nothing (decision 317): the reservation and every message in one transaction; a
  // message that cannot be sent (the chat's send limit, say) rolls back the reservation and the
  // messages before it, and no socket hears of any of them.
  const received: ReceivedOffer[] = []
  await ctx.privateRuns.inTransaction(user, async (tx, send) => {
    await holdPositions(tx, user, checked, now)
    const made: number[] = []
    for (const { offer } of lines) {
      made.push(
        await insertOffer(tx, {
          clientId: user.clientId,
          book: offer.book,
          finstrumentId: offer.finstrument_id,
          eoiId: null,
          counterpartyUserIds: ids,
          faceValue: offer.quantum,
          expiresAt,
          createdBy: user.id,
          createdAt: now,
        }),
      )
    }
    await audit(tx, {
      actor: user.id,
      action: 'inventory_offered',
      ip: ip ?? null,
      detail: {
        offer_ids: made,
        counterparty_user_ids: ids,
        offers: lines.map(({ offer }) => ({
          book: offer.book,
          finstrument_id: offer.finstrument_id,
          quantum: offer.quantum,
        })),
      },
    })
    for (const [j, id] of ids.entries()) {
      const message = await send(channels[j]!, text, `inventory-offer-${made[0]}-${j}`)
      received.push({ userId: id, channelUrl: channels[j]!, message })
    }
  })
  // Read into each run now (the chat topic brings them too; a line is never stored twice).
  await ctx.privateRuns.ingest(received)
  return {
    results: lines.map(({ offer, position, level }) => ({
      finstrument_id: offer.finstrument_id,
      isin: position.isin,
      book: offer.book,
      eoi_id: null,
      quantum: offer.quantum,
      unit_price_stored: level.price ?? null,
      yield_stored: level.yield ?? null,
      expiry_date_stored: expiresAt.toISOString(),
    })),
    private_run: received.map((r) => ({
      user_id: r.userId,
      channel_url: r.channelUrl,
      message_id: r.message.messageId,
    })),
  }
}
