// The platform's settled orders a firm was a principal to, read by the inventory (issue 25): a
// firm's book moves on each of its orders' settlement dates.
import { and, eq, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { tradeTickets } from '../../db/schema.ts'

/** A settled order as a firm's book sees it: its own side. */
export interface SettledOrder {
  id: number
  finstrumentId: string
  side: 'buy' | 'sell'
  faceValue: number
  cleanPrice: number
  tradeDate: string
  settlementDate: string
}

/** The settled orders a client bought or sold in (as initiator or counterparty). */
export async function settledOrdersOf(db: Db, clientId: string): Promise<SettledOrder[]> {
  const rows = await db
    .select()
    .from(tradeTickets)
    .where(
      and(
        eq(tradeTickets.state, 'settled'),
        or(
          eq(tradeTickets.initiatorClientId, clientId),
          eq(tradeTickets.counterpartyClientId, clientId),
        ),
      ),
    )
  return rows.map((row) => {
    const initiator = row.initiatorClientId === clientId
    const side = row.initiatorSide === 'buy' ? 'buy' : 'sell'
    return {
      id: row.id,
      finstrumentId: row.finstrumentId,
      side: initiator ? side : side === 'buy' ? 'sell' : 'buy',
      faceValue: row.quantum,
      cleanPrice: row.cleanPrice,
      tradeDate: row.tradeDate,
      settlementDate: row.settlementDate,
    }
  })
}

/** What changes when a client's settled orders change: their count and the latest settlement. */
export async function settledOrdersVersion(db: Db, clientId: string): Promise<string> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      last: sql<string | null>`max(${tradeTickets.settledAt})::text`,
      top: sql<number | null>`max(${tradeTickets.id})`,
    })
    .from(tradeTickets)
    .where(
      and(
        eq(tradeTickets.state, 'settled'),
        or(
          eq(tradeTickets.initiatorClientId, clientId),
          eq(tradeTickets.counterpartyClientId, clientId),
        ),
      ),
    )
  return `${row?.count ?? 0}:${row?.top ?? ''}:${row?.last ?? ''}`
}
