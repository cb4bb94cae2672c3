// What a trade's reconstruction reads besides the ticket: the EOIs (RFQs) and clusters
// (negotiations) on the same bond involving either firm in a time window, the RFQ negotiation
// whose deal made the ticket (its whole thread, whenever it began), and the names of the people
// who sent chat messages. Read only.
import { and, asc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/index.ts'
import {
  clients,
  clusters,
  eois,
  rfqNegotiationEntries,
  rfqNegotiations,
  users,
} from '../../db/schema.ts'

/** Where and when to look: a bond, the firms of a ticket, a window of time. */
export interface ActivityWindow {
  finstrumentId: string
  clientIds: readonly string[]
  from: Date
  to: Date
}

/** EOIs on the bond by either firm made in the window, oldest first, with who made them. */
export async function eoisAround(db: Db, window: ActivityWindow) {
  return db
    .select({
      id: eois.id,
      at: eois.createdAt,
      quoteType: eois.quoteType,
      quantum: eois.quantum,
      unitPrice: eois.unitPrice,
      bondYield: eois.bondYield,
      fixedField: eois.fixedField,
      settlementDate: eois.settlementDate,
      state: eois.state,
      source: eois.source,
      respondEoiId: eois.respondEoiId,
      firstName: users.firstName,
      lastName: users.lastName,
      clientName: clients.name,
    })
    .from(eois)
    .innerJoin(users, eq(users.id, eois.userId))
    .innerJoin(clients, eq(clients.id, eois.clientId))
    .where(
      and(
        eq(eois.finstrumentId, window.finstrumentId),
        inArray(eois.clientId, [...window.clientIds]),
        gte(eois.createdAt, window.from),
        lte(eois.createdAt, window.to),
      ),
    )
    .orderBy(asc(eois.createdAt), asc(eois.id))
}

/** Clusters on the bond with either firm as buyer, seller or facilitator, opened in the window. */
export async function clustersAround(db: Db, window: ActivityWindow) {
  const buyer = alias(clients, 'buyer')
  const seller = alias(clients, 'seller')
  const facilitator = alias(clients, 'facilitator')
  const firms = [...window.clientIds]
  return db
    .select({
      id: clusters.id,
      at: clusters.createdAt,
      updatedAt: clusters.updatedAt,
      state: clusters.state,
      quantity: clusters.quantity,
      buyerPrice: clusters.buyerPrice,
      sellerPrice: clusters.sellerPrice,
      settlementDate: clusters.settlementDate,
      buyerName: buyer.name,
      sellerName: seller.name,
      facilitatorName: facilitator.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(clusters)
    .innerJoin(buyer, eq(buyer.id, clusters.buyerClientId))
    .innerJoin(seller, eq(seller.id, clusters.sellerClientId))
    .leftJoin(facilitator, eq(facilitator.id, clusters.facilitatorClientId))
    .leftJoin(users, eq(users.id, clusters.updatedBy))
    .where(
      and(
        eq(clusters.finstrumentId, window.finstrumentId),
        or(
          inArray(clusters.buyerClientId, firms),
          inArray(clusters.sellerClientId, firms),
          inArray(clusters.facilitatorClientId, firms),
        ) as SQL,
        gte(clusters.createdAt, window.from),
        lte(clusters.createdAt, window.to),
      ),
    )
    .orderBy(asc(clusters.createdAt), asc(clusters.id))
}

/**
 * The RFQ negotiation whose deal made the ticket (decision 328), with its counter-quotes oldest
 * first and who made each; `null` for a ticket made otherwise (from a chat message, by hand).
 */
export async function negotiationOfTicket(db: Db, ticketId: number) {
  const owner = alias(clients, 'owner')
  const counterparty = alias(clients, 'counterparty')
  const broker = alias(clients, 'broker')
  const closer = alias(users, 'closer')
  const [thread] = await db
    .select({
      id: rfqNegotiations.id,
      dealtAt: rfqNegotiations.dealtAt,
      dealPrice: rfqNegotiations.dealPrice,
      dealYield: rfqNegotiations.dealYield,
      dealQuantum: rfqNegotiations.dealQuantum,
      ownerName: owner.name,
      counterpartyName: counterparty.name,
      brokerName: broker.name,
      firstName: closer.firstName,
      lastName: closer.lastName,
    })
    .from(rfqNegotiations)
    .innerJoin(owner, eq(owner.id, rfqNegotiations.ownerClientId))
    .innerJoin(counterparty, eq(counterparty.id, rfqNegotiations.counterpartyClientId))
    .leftJoin(broker, eq(broker.id, rfqNegotiations.brokerClientId))
    .leftJoin(closer, eq(closer.id, rfqNegotiations.closedBy))
    .where(eq(rfqNegotiations.ticketId, ticketId))
  if (!thread) return null
  const entries = await db
    .select({
      at: rfqNegotiationEntries.createdAt,
      quantum: rfqNegotiationEntries.quantum,
      unitPrice: rfqNegotiationEntries.unitPrice,
      bondYield: rfqNegotiationEntries.bondYield,
      fixedField: rfqNegotiationEntries.fixedField,
      note: rfqNegotiationEntries.note,
      firstName: users.firstName,
      lastName: users.lastName,
      clientName: clients.name,
    })
    .from(rfqNegotiationEntries)
    .innerJoin(users, eq(users.id, rfqNegotiationEntries.userId))
    .innerJoin(clients, eq(clients.id, rfqNegotiationEntries.clientId))
    .where(eq(rfqNegotiationEntries.negotiationId, thread.id))
    .orderBy(asc(rfqNegotiationEntries.id))
  return { ...thread, entries }
}

/** People by id: their name and their firm's name. */
export async function peopleByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { name: string; clientName: string | null }>()
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      clientName: clients.name,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(inArray(users.id, [...new Set(ids)]))
  return new Map(
    rows.map((r) => [
      r.id,
      { name: `${r.firstName} ${r.lastName}`.trim(), clientName: r.clientName },
    ]),
  )
}
