// PUT api/inventory/confirm-previous/: the start-of-day step. What changed since the last confirmed
// book (coupons received, redemptions and maturities, trades settled) is shown first (preview);
// confirming carries the book into the day and is recorded once per day (decision 272).
import {
  INVENTORY_MESSAGES as IM,
  type ConfirmPreviousResult,
  type OvernightChange,
} from '@bonds/domain'
import { cashflows, PricingError, roundTo, todayInIndia } from '@bonds/pricing'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { movementsOf } from '../book.ts'
import { bad, type InventoryContext } from '../context.ts'
import { bondsById, insertConfirmation, lastConfirmation } from '../repo.ts'
import { foldHoldings, termsOrNull } from '../valuation.ts'

/** The day before a date. */
const dayBefore = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)

/** What changed in a firm's book after `from` up to and including `to`. */
export async function changesBetween(
  ctx: InventoryContext,
  clientId: string,
  from: string,
  to: string,
): Promise<OvernightChange[]> {
  const moves = await movementsOf(ctx, clientId)
  const held = foldHoldings(moves, from).filter((h) => h.faceValue > 0)
  const settled = moves.filter((m) => m.settlementDate > from && m.settlementDate <= to)
  const bonds = await bondsById(ctx.db, [
    ...held.map((h) => h.finstrumentId),
    ...settled.map((m) => m.finstrumentId),
  ])
  const changes: OvernightChange[] = []
  for (const h of held) {
    const bond = bonds.get(h.finstrumentId)
    const terms = bond && termsOrNull(bond)
    if (!bond || !terms) continue
    let flows: ReturnType<typeof cashflows> = []
    try {
      flows = cashflows(terms, from)
    } catch (error) {
      if (!(error instanceof PricingError)) throw error
    }
    for (const flow of flows) {
      if (flow.date <= from || flow.date > to) continue
      const base = {
        isin: bond.isin,
        display_name: bond.displayName,
        book: h.book,
        date: flow.date,
      }
      if (flow.interest > 0) {
        changes.push({
          ...base,
          kind: 'COUPON',
          amount: roundTo((flow.interest * h.faceValue) / 100, 2),
        })
      }
      if (flow.principal > 0) {
        changes.push({
          ...base,
          kind: flow.date === bond.maturityDate ? 'MATURITY' : 'REDEMPTION',
          amount: roundTo((flow.principal * h.faceValue) / 100, 2),
        })
      }
    }
  }
  for (const m of settled) {
    const bond = bonds.get(m.finstrumentId)
    if (!bond) continue
    changes.push({
      kind: 'TRADE_SETTLED',
      isin: bond.isin,
      display_name: bond.displayName,
      book: m.book,
      date: m.settlementDate,
      amount: m.side === 'buy' ? m.faceValue : -m.faceValue,
    })
  }
  return changes.sort((a, b) => a.date.localeCompare(b.date) || a.book.localeCompare(b.book))
}

/** Show (preview) or confirm what changed since the last confirmed book. */
export async function confirmPrevious(
  ctx: InventoryContext,
  user: AuthUser,
  body: { date?: string | undefined },
  { preview = false }: { preview?: boolean } = {},
  ip?: string,
): Promise<ConfirmPreviousResult> {
  const now = ctx.now()
  const today = todayInIndia(now)
  const date = body.date ?? today
  if (date > today) throw bad('date', IM.dateFuture)
  const last = await lastConfirmation(ctx.db, user.clientId)
  if (last && last.date >= date) {
    return {
      previous: last.date,
      date,
      changes: [],
      confirmed: true,
      confirmed_at: last.confirmedAt.toISOString(),
    }
  }
  const previous = last?.date ?? null
  const changes = await changesBetween(ctx, user.clientId, previous ?? dayBefore(date), date)
  if (preview) return { previous, date, changes, confirmed: false, confirmed_at: null }
  await ctx.db.transaction(async (tx) => {
    await insertConfirmation(tx, {
      clientId: user.clientId,
      date,
      confirmedBy: user.id,
      confirmedAt: now,
    })
    await audit(tx, {
      actor: user.id,
      action: 'inventory_confirmed',
      ip: ip ?? null,
      detail: { date, previous, changes: changes.length },
    })
  })
  return { previous, date, changes, confirmed: true, confirmed_at: now.toISOString() }
}
