// A Dealer makes a ticket: from a deal agreed in a chat channel (carrying the channel and the
// message it came from) or by hand. The terms are checked and priced by @bonds/pricing, the ticket
// starts as the initiator's draft, and one firm makes one ticket per message (a repeat answers the
// first: 200).
import {
  TICKET_MESSAGES as TM,
  VALIDATION_MESSAGES as VM,
  type Ticket,
  type TicketCreate,
} from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import { audit } from '../../../db/audit.ts'
import { tradeTicketEvents, tradeTickets, type TicketBroker } from '../../../db/schema.ts'
import type { AuthUser } from '../../../http/access.ts'
import { dealMessage } from '../../chat/index.ts'
import { findFinstrument } from '../../finstruments/index.ts'
import {
  bad,
  checkSettlement,
  priceTerms,
  pricedColumns,
  reportDue,
  tradedAt,
  type TicketsContext,
} from '../context.ts'
import {
  clientById,
  custodianById,
  namesFor,
  ticketById,
  ticketFromMessage,
  userById,
} from '../repo.ts'
import { ticketView } from '../view.ts'

/** A new ticket, or the one the firm already made from the same message. */
export interface Created {
  created: boolean
  ticket: Ticket
}

/** Make a ticket; `fromChat` requires the channel and message it came from. */
export async function createTicket(
  { db, now, transact }: TicketsContext,
  user: AuthUser,
  body: TicketCreate,
  { fromChat, ip }: { fromChat: boolean; ip?: string },
): Promise<Created> {
  const at = now()
  const show = async (row: NonNullable<Awaited<ReturnType<typeof ticketById>>>) =>
    ticketView(row, user, await namesFor(db, [row]), at)

  // The counterparty: a firm, or one of its people (who then acts for it on this ticket).
  let counterpartyClientId = body.counterparty_client_id
  let counterpartyUserId: string | null = null
  if (body.counterparty_user_id) {
    const person = await userById(db, body.counterparty_user_id)
    if (!person || person.status !== 'active') {
      throw bad('counterparty_user_id', TM.counterpartyUnknown)
    }
    if (counterpartyClientId && counterpartyClientId !== person.clientId) {
      throw bad('counterparty_user_id', 'This person is not of the counterparty firm')
    }
    counterpartyClientId = person.clientId
    counterpartyUserId = person.id
  }
  const counterparty = counterpartyClientId ? await clientById(db, counterpartyClientId) : undefined
  if (!counterparty) throw bad('counterparty_client_id', TM.counterpartyUnknown)
  if (counterparty.id === user.clientId) throw bad('counterparty_client_id', TM.ownClient)

  // The deal's chat: both firms take part in it, and the message is in it.
  let quoteText: string | null = null
  let messageId: number | null = null
  if (fromChat) {
    if (!body.channel_url) throw bad('channel_url', 'channel_url is required')
    if (body.message_id === undefined) throw bad('message_id', 'message_id is required')
    messageId = /^\d{1,18}$/.test(String(body.message_id)) ? Number(body.message_id) : null
    const message = messageId === null ? null : await dealMessage(db, body.channel_url, messageId)
    if (!message || !message.members.some((m) => m.clientId === user.clientId)) {
      throw bad('message_id', 'Message not found in this chat')
    }
    if (!message.members.some((m) => m.clientId === counterparty.id)) {
      throw bad('counterparty_client_id', 'The counterparty is not in this chat')
    }
    const existing = await ticketFromMessage(db, user.clientId, body.channel_url, messageId!)
    if (existing) return { created: false, ticket: await show(existing) }
    quoteText = message.text.slice(0, 2000)
  } else if (body.channel_url || body.message_id !== undefined) {
    throw bad('channel_url', 'A manual ticket comes from no chat: leave out channel_url')
  }

  const bond = await findFinstrument(db, body.finstrument_id)
  if (!bond) throw bad('finstrument_id', 'Bond not found')
  const tradeDate = todayInIndia(at)
  if (bond.maturityDate && bond.maturityDate <= tradeDate) {
    throw bad('finstrument_id', 'This bond has matured and cannot be traded')
  }
  const traded = tradedAt(tradeDate, body.trade_time)
  if (traded.getTime() > at.getTime()) throw bad('trade_time', VM.tradeTimeLater)
  checkSettlement(bond, body.settlement_date, tradeDate)

  // Brokers: people of a broker firm that is a party to the ticket.
  const brokers: TicketBroker[] = []
  for (const [i, broker] of body.broker_details.entries()) {
    const person = await userById(db, broker.user_id)
    const firm = person ? await clientById(db, person.clientId) : undefined
    if (!person || !firm?.isBroker || ![user.clientId, counterparty.id].includes(firm.id)) {
      throw bad(`broker_details.${i}.user_id`, 'Broker not found on this trade')
    }
    brokers.push({ buy_or_sell: broker.buy_or_sell, user_id: person.id })
  }
  const counterpartySide = body.buy_or_sell === 'buy' ? 'sell' : 'buy'
  if (brokers.length === 0 && counterparty.isBroker && counterpartyUserId) {
    // A broker across the table acts for the other side (spec section 6).
    brokers.push({ buy_or_sell: counterpartySide, user_id: counterpartyUserId })
  }
  let sellerClientId: string | null = null
  if (body.seller_details) {
    const seller = await clientById(db, body.seller_details.client_id)
    if (!seller) throw bad('seller_details.client_id', 'Seller not found')
    sellerClientId = seller.id
  }
  if (body.custodian_id && !(await custodianById(db, body.custodian_id))) {
    throw bad('custodian_id', TM.custodianUnknown)
  }

  const priced = priceTerms(bond, {
    quantum: body.quantum,
    fixed:
      body.unit_clean_price !== undefined
        ? { clean_price: body.unit_clean_price }
        : { bond_yield: Number(((body.bond_yield ?? 0) / 100).toFixed(8)) },
    settlementDate: body.settlement_date,
    brokerage: body.brokerage,
  })

  const made = await transact(async (tx, events) => {
    const [row] = await tx
      .insert(tradeTickets)
      .values({
        state: 'draft',
        finstrumentId: bond.id,
        initiatorClientId: user.clientId,
        initiatorUserId: user.id,
        counterpartyClientId: counterparty.id,
        counterpartyUserId,
        initiatorSide: body.buy_or_sell,
        quantum: body.quantum,
        ...pricedColumns(priced),
        settlementDate: body.settlement_date,
        tradeDate,
        tradeTime: body.trade_time,
        tradedAt: traded,
        exchange: body.exchange,
        initiatorCustodianId: body.custodian_id ?? null,
        channelUrl: fromChat ? body.channel_url! : null,
        messageId,
        quoteText,
        brokerDetails: brokers,
        sellerClientId,
        reportDueAt: reportDue(traded),
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: tradeTickets.id })
    if (!row) return null
    await tx.insert(tradeTicketEvents).values({
      ticketId: row.id,
      at,
      actorUserId: user.id,
      action: 'created',
      fromState: null,
      toState: 'draft',
      detail: fromChat ? 'Created from a chat message' : 'Created by hand',
    })
    await audit(tx, {
      actor: user.id,
      action: 'ticket_created',
      ip: ip ?? null,
      detail: { ticket_id: row.id, finstrument_id: bond.id, counterparty: counterparty.id },
    })
    const created = await ticketById(tx, row.id)
    if (!created) throw new Error(`ticket ${row.id} not found after insert`)
    await events.changed(created, { amounts: true })
    return created
  })
  if (made === null) {
    // Another request made the ticket for this message first.
    const existing = await ticketFromMessage(db, user.clientId, body.channel_url!, messageId!)
    if (!existing) throw new Error('ticket conflict without a ticket')
    return { created: false, ticket: await show(existing) }
  }
  return { created: true, ticket: await show(made) }
}
