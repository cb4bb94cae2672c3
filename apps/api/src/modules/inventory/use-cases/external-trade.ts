// POST api/inventory/external-trade/: a trade done outside the platform, checked as a ticket is (a
// bond that can trade, a settlement it can take, exactly one of price and yield, a whole number of
// lots), priced to the paisa by @bonds/pricing; the position moves on its settlement date.
import {
  INVENTORY_MESSAGES as IM,
  MARKET_MESSAGES as MM,
  TICKET_MESSAGES as TM,
  type ExternalTradePayload,
  type ExternalTradeRecord,
} from '@bonds/domain'
import {
  formatQuantum,
  formatRupees,
  isBusinessDay,
  todayInIndia,
  tradeConsideration,
} from '@bonds/pricing'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { clientById } from '../../accounts/index.ts'
import { conventionOf } from '../../pricing/index.ts'
import { movementsOf, positionKey } from '../book.ts'
import { bad, type InventoryContext } from '../context.ts'
import { bondsById, insertEntry } from '../repo.ts'
import { priceRow } from '../rows.ts'

/** Record an external trade of the caller's firm. */
export async function externalTrade(
  ctx: InventoryContext,
  user: AuthUser,
  payload: ExternalTradePayload,
  ip?: string,
): Promise<ExternalTradeRecord> {
  const now = ctx.now()
  const today = todayInIndia(now)
  const bond = (await bondsById(ctx.db, [payload.finstrument_id])).get(payload.finstrument_id)
  if (!bond) throw bad('finstrument_id', IM.unknownIsin)
  if (bond.maturityDate && bond.maturityDate <= today) throw bad('finstrument_id', IM.matured)
  if (payload.trade_date > today) throw bad('trade_date', IM.tradeDateFuture)
  if (bond.maturityDate && payload.settlement_date >= bond.maturityDate) {
    throw bad('settlement_date', MM.settlementAfterMaturity)
  }
  if (!isBusinessDay(conventionOf(bond), payload.settlement_date)) {
    throw bad('settlement_date', 'Settlement date must be a business day')
  }
  if (!Number.isSafeInteger(payload.quantum)) throw bad('quantum', 'Should be whole rupees')
  if (bond.faceValue > 0 && payload.quantum % bond.faceValue !== 0) {
    throw bad('quantum', IM.notLotMultiple(formatRupees(bond.faceValue, 0)))
  }
  const priced = priceRow(bond, payload.settlement_date, {
    cleanPrice: payload.unit_clean_price ?? null,
    yieldPercent: payload.bond_yield ?? null,
  })
  if ('field' in priced) {
    throw bad(priced.field === 'yield' ? 'bond_yield' : 'unit_clean_price', priced.message)
  }
  const money = tradeConsideration({
    faceAmount: payload.quantum,
    cleanPrice: priced.cleanPrice,
    accruedPer100: priced.accruedPer100 ?? 0,
  })

  let counterpartyName = payload.counterparty_name ?? null
  let counterpartyClientId: string | null = null
  if (payload.counterparty_id) {
    if (payload.counterparty_id === user.clientId) throw bad('counterparty_id', TM.ownClient)
    const firm = await clientById(ctx.db, payload.counterparty_id)
    if (!firm) throw bad('counterparty_id', IM.counterpartyUnknown)
    counterpartyClientId = firm.id
    counterpartyName = firm.name
  }

  const row = await ctx.db.transaction(async (tx) => {
    if (payload.buy_or_sell === 'sell') {
      // What the book holds of the bond (settled and to settle), less what is already sold.
      const moves = await movementsOf({ ...ctx, db: tx }, user.clientId)
      const key = positionKey(payload.book, bond.id)
      const held = moves
        .filter((m) => positionKey(m.book, m.finstrumentId) === key)
        .reduce((sum, m) => sum + (m.side === 'buy' ? m.faceValue : -m.faceValue), 0)
      if (payload.quantum > held) {
        throw bad('quantum', IM.sellMoreThanHeld(formatQuantum(Math.max(0, held))))
      }
    }
    const entry = await insertEntry(tx, {
      clientId: user.clientId,
      userId: user.id,
      kind: 'EXTERNAL',
      book: payload.book,
      finstrumentId: bond.id,
      side: payload.buy_or_sell,
      faceValue: payload.quantum,
      cleanPrice: priced.cleanPrice,
      bondYield: priced.bondYield,
      tradeDate: payload.trade_date,
      settlementDate: payload.settlement_date,
      accruedPer100: priced.accruedPer100,
      principalPaise: money.principal,
      accruedPaise: money.accruedInterest,
      considerationPaise: money.consideration,
      counterpartyClientId,
      counterpartyName,
      exchange: payload.exchange,
      createdAt: now,
    })
    await audit(tx, {
      actor: user.id,
      action: 'inventory_external_trade',
      ip: ip ?? null,
      detail: {
        entry_id: entry.id,
        finstrument_id: bond.id,
        side: payload.buy_or_sell,
        quantum: payload.quantum,
      },
    })
    return entry
  })
  return {
    id: row.id,
    finstrument_id: bond.id,
    isin: bond.isin,
    book: row.book,
    buy_or_sell: payload.buy_or_sell,
    quantum: row.faceValue,
    unit_clean_price: row.cleanPrice,
    bond_yield: row.bondYield,
    accrued_interest: priced.accruedPer100 ?? 0,
    principal: money.principal / 100,
    accrued: money.accruedInterest / 100,
    consideration: money.consideration / 100,
    trade_date: row.tradeDate,
    settlement_date: row.settlementDate,
    counterparty_name: row.counterpartyName,
    settled: row.settlementDate <= today,
  }
}
