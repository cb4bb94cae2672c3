// Reporting orders to the clearing corporation and settling them: Back Office reports an accepted
// order (or the firm's STP does it on acceptance), the clearing corporation confirms or rejects it,
// and reported trades settle on their settlement date. Deals past their reporting window are
// flagged to both desks and their compliance officers.
import {
  CLEARING_CORPORATION_NAMES,
  TICKET_MESSAGES as TM,
  type ClearingExchange,
  type TradeState,
} from '@bonds/domain'
import { formatDateTime, paiseToRupees, todayInIndia } from '@bonds/pricing'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { findFinstrument } from '../../finstruments/index.ts'
import { conventionOf } from '../../pricing/index.ts'
import { CORP_OF_EXCHANGE } from '../clearing.ts'
import { allowed, applyChange, checkVersion, partyTicket, type TicketsContext } from '../context.ts'
import { BULK_TICKET_MESSAGES, partiesOf, type TicketEvents } from '../events.ts'
import {
  dueForSettlement,
  newlyOverdue,
  sealedCredentials,
  ticketById,
  type TicketWithBond,
} from '../repo.ts'
import { viewTicket } from './read.ts'

/**
 * Report a locked, accepted order for `reporterClientId` (inside the transaction holding the
 * lock, so it is reported once): confirmed → reported; rejected → stays accepted with the reason.
 */
export async function reportLocked(
  context: TicketsContext,
  row: TicketWithBond,
  reporterClientId: string,
  actor: { userId: string | null; ip?: string | undefined },
): Promise<{ row: TicketWithBond; warning?: string }> {
  const { db, now, clearing } = context
  const bond = await findFinstrument(db, row.finstrumentId)
  if (!bond) throw new HttpError(404, 'Bond not found')
  const exchange = row.exchange as ClearingExchange
  const corp = CORP_OF_EXCHANGE[exchange]
  const reporterIsInitiator = reporterClientId === row.initiatorClientId
  const counterpartyClientId = reporterIsInitiator
    ? row.counterpartyClientId
    : row.initiatorClientId
  const counterparty = await sealedCredentials(db, counterpartyClientId, corp)
  const result = await clearing.report({
    corp,
    dealId: row.id,
    reporterClientId,
    counterpartyClientId,
    credentials: await sealedCredentials(db, reporterClientId, corp),
    counterpartyCode: counterparty?.participantCode ?? null,
    side: reporterIsInitiator
      ? (row.initiatorSide as 'buy' | 'sell')
      : row.initiatorSide === 'buy'
        ? 'sell'
        : 'buy',
    isin: row.isin,
    convention: conventionOf(bond),
    quantum: row.quantum,
    cleanPrice: row.cleanPrice,
    bondYield: row.bondYield,
    tradeDate: row.tradeDate,
    tradedAt: row.tradedAt,
    settlementDate: row.settlementDate,
    consideration: paiseToRupees(row.considerationPaise),
  })
  const at = now()
  const name = CLEARING_CORPORATION_NAMES[exchange]
  if (result.ok) {
    const next = await applyChange(
      db,
      row,
      actor,
      {
        action: 'reported',
        to: 'reported',
        set: {
          reportStatus: 'confirmed',
          reportReference: result.reference,
          reportReason: null,
          reportedAt: at,
        },
        detail: `${name} confirmed the report: ${result.reference}`,
        audit: 'trade_reported',
      },
      at,
    )
    return { row: next }
  }
  const next = await applyChange(
    db,
    row,
    actor,
    {
      action: 'report rejected',
      to: 'accepted',
      set: { reportStatus: 'rejected', reportReason: result.reason },
      detail: result.reason,
      audit: 'trade_report_rejected',
    },
    at,
  )
  return { row: next, warning: result.reason }
}

/** `POST api/orders/`: Back Office reports an accepted order of its firm. */
export async function reportOrder(
  context: TicketsContext,
  { user, ip }: { user: AuthUser; ip?: string | undefined },
  body: { order_id: number; version?: number | undefined },
) {
  let warning: string | undefined
  const row = await context.transact(async (tx, events) => {
    const current = await partyTicket(tx, user, String(body.order_id), { lock: true })
    allowed(current, user, 'report')
    checkVersion(current, body.version)
    const reported = await reportLocked({ ...context, db: tx }, current, user.clientId, {
      userId: user.id,
      ip,
    })
    warning = reported.warning
    await events.changed(reported.row)
    return reported.row
  })
  return { ticket: await viewTicket(context, user, row), row, warning }
}

/** `PATCH api/orders/settle-cancel/{id}/{action}/` and the settle action: Back Office settles. */
export async function settleOrder(
  context: TicketsContext,
  { user, ip }: { user: AuthUser; ip?: string | undefined },
  id: string,
  body: { version?: number | undefined; reason?: string | undefined },
) {
  const row = await context.transact(async (tx, events) => {
    const current = await partyTicket(tx, user, id, { lock: true })
    const to = allowed(current, user, 'settle')
    checkVersion(current, body.version)
    const today = todayInIndia(context.now())
    if (current.settlementDate > today) {
      throw new HttpError(409, `${TM.notYetSettlement}: ${current.settlementDate}`)
    }
    const settled = await applyChange(
      tx,
      current,
      { userId: user.id, ip },
      {
        action: 'settled',
        to,
        set: { settledAt: context.now() },
        detail: body.reason || null,
        audit: 'trade_settled',
      },
      context.now(),
    )
    await events.changed(settled)
    return settled
  })
  return { ticket: await viewTicket(context, user, row), row }
}

/** Settle every reported trade whose settlement date has come; returns how many settled. */
export async function settleDue(context: TicketsContext): Promise<number> {
  const today = todayInIndia(context.now())
  let settled = 0
  const tell = sweepTeller(context, await dueForSettlement(context.db, today))
  try {
    for (const { id } of tell.due) {
      const row = await context.transact(async (tx, events) => {
        const current = await ticketById(tx, id, { lock: true })
        if (!current || current.state !== 'reported' || current.settlementDate > today) return null
        const name = CLEARING_CORPORATION_NAMES[current.exchange as ClearingExchange]
        const done = await applyChange(
          tx,
          current,
          { userId: null },
          {
            action: 'settled',
            to: 'settled',
            set: { settledAt: context.now() },
            detail: `Settled through ${name} on ${current.settlementDate}`,
            audit: 'trade_settled',
          },
          context.now(),
        )
        await tell.changed(events, done)
        return done
      })
      if (row) settled += 1
    }
  } finally {
    // What committed is told of, even when a later ticket failed.
    await tell.done()
  }
  return settled
}

/** Flag deals past their reporting window to both desks and compliance; returns how many. */
export async function flagOverdue(context: TicketsContext): Promise<number> {
  const now = context.now()
  let flagged = 0
  const tell = sweepTeller(context, await newlyOverdue(context.db, now))
  try {
    for (const { id } of tell.due) {
      const row = await context.transact(async (tx, events) => {
        const current = await ticketById(tx, id, { lock: true })
        if (!current || current.overdueFlaggedAt || current.reportStatus === 'confirmed')
          return null
        if (current.reportDueAt.getTime() >= now.getTime()) return null
        const marked = await applyChange(
          tx,
          current,
          { userId: null },
          {
            action: 'report overdue',
            to: current.state as TradeState,
            set: { overdueFlaggedAt: now },
            detail: `Not reported in time: it was due by ${formatDateTime(current.reportDueAt)}`,
            audit: 'ticket_report_overdue',
          },
          now,
        )
        await tell.changed(events, marked)
        return marked
      })
      if (row) flagged += 1
    }
  } finally {
    // What committed is told of, even when a later ticket failed.
    await tell.done()
  }
  return flagged
}

/**
 * How a sweep pass tells of the tickets it changes: one by one up to `BULK_TICKET_MESSAGES`; past
 * it, nothing per ticket and, once the pass is over, one `refresh` `tickets` to the firms of the
 * tickets it changed (decision 401).
 */
function sweepTeller<T>(context: TicketsContext, due: T[]) {
  const bulk = due.length > BULK_TICKET_MESSAGES
  const firms = new Set<string>()
  return {
    due,
    async changed(events: TicketEvents, row: TicketWithBond) {
      if (!bulk) return events.changed(row)
      for (const firm of partiesOf(row)) firms.add(firm)
    },
    async done() {
      if (firms.size > 0) await context.transact(async (_tx, events) => events.refresh(firms))
    },
  }
}
