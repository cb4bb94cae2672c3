// Changing a ticket: its terms, its price, its brokerage, and the lifecycle's actions (send,
// confirm, reject, cancel, accept the consideration). Each runs under the ticket's row lock and
// checks the state and the version there, so of two simultaneous actions one wins and the other
// is told why it lost (409).
import {
  TICKET_MESSAGES as TM,
  VALIDATION_MESSAGES as VM,
  type Ticket,
  type TicketActionBody,
  type TicketUpdate,
} from '@bonds/domain'
import { formatPrice, formatRupees } from '@bonds/pricing'
import type { Db } from '../../../db/index.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { findFinstrument } from '../../finstruments/index.ts'
import {
  allowed,
  applyChange,
  bad,
  checkSettlement,
  checkVersion,
  partyTicket,
  priceTerms,
  pricedColumns,
  reportDue,
  tradedAt,
  type Change,
  type TicketsContext,
} from '../context.ts'
import { clientById, custodianById, type TicketWithBond } from '../repo.ts'
import { viewTicket } from './read.ts'
import { reportLocked } from './clearing.ts'

/** Who acts, from where. */
interface Actor {
  user: AuthUser
  ip?: string | undefined
}

/** Run a change of one ticket under its row lock; publish and answer the ticket as it now is. */
async function change(
  context: TicketsContext,
  { user, ip }: Actor,
  id: string,
  /** Decide the change; `db` is the transaction (every query inside it must use it). */
  decide: (row: TicketWithBond, db: Db) => Promise<Change | Change[]> | Change | Change[],
  { amounts = false } = {},
): Promise<{ ticket: Ticket; row: TicketWithBond; warning?: string | undefined }> {
  const { now } = context
  let warning: string | undefined
  const row = await context.transact(async (tx, events) => {
    let current = await partyTicket(tx, user, id, { lock: true })
    const steps = [await decide(current, tx)].flat()
    for (const step of steps) {
      current = await applyChange(tx, current, { userId: user.id, ip }, step, now())
    }
    const reporter = steps.some((s) => s.to === 'accepted')
      ? await stpReporter(tx, current, user.clientId)
      : null
    if (reporter) {
      // Straight-through processing: the firm reports as soon as the order exists.
      // The firm's STP reports, not the person who accepted: the system is the actor.
      const reported = await reportLocked({ ...context, db: tx }, current, reporter, {
        userId: null,
      })
      current = reported.row
      warning = reported.warning
    }
    await events.changed(current, { amounts })
    return current
  })
  return { ticket: await viewTicket(context, user, row), row, warning }
}

/**
 * The firm on the ticket that reports automatically on its exchange (its STP exchanges), the one
 * acting first; null when neither does.
 */
async function stpReporter(db: Db, row: TicketWithBond, actingClientId: string) {
  const other =
    row.initiatorClientId === actingClientId ? row.counterpartyClientId : row.initiatorClientId
  for (const clientId of [actingClientId, other]) {
    const firm = await clientById(db, clientId)
    if (firm?.stpExchanges.includes(row.exchange)) return clientId
  }
  return null
}

const fmtYield = (y: number | null) => (y === null ? '—' : `${(y * 100).toFixed(4)}%`)

/** What changed between two sets of terms, in words for the timeline. */
function describe(before: TicketWithBond, after: Record<string, unknown>): string {
  const parts: string[] = []
  const note = (label: string, from: unknown, to: unknown) => {
    if (to !== undefined && String(from) !== String(to)) parts.push(`${label} ${from} → ${to}`)
  }
  note('Quantum', before.quantum, after.quantum)
  if (after.cleanPrice !== undefined && after.cleanPrice !== before.cleanPrice) {
    parts.push(
      `Price ${formatPrice(before.cleanPrice)} → ${formatPrice(after.cleanPrice as number)}`,
    )
  }
  if (after.bondYield !== undefined && after.bondYield !== before.bondYield) {
    parts.push(
      `Yield ${fmtYield(before.bondYield)} → ${fmtYield(after.bondYield as number | null)}`,
    )
  }
  note('Settlement', before.settlementDate, after.settlementDate)
  note('Trade time', before.tradeTime, after.tradeTime)
  note('Exchange', before.exchange, after.exchange)
  if (after.brokeragePaise !== undefined && after.brokeragePaise !== before.brokeragePaise) {
    parts.push(
      `Brokerage ${formatRupees(before.brokeragePaise / 100)} → ${formatRupees((after.brokeragePaise as number) / 100)}`,
    )
  }
  return parts.join('; ') || 'No change'
}

/** The terms of a ticket after an edit, priced again. */
async function repriced(
  context: TicketsContext,
  row: TicketWithBond,
  edit: Partial<TicketUpdate>,
): Promise<Record<string, unknown>> {
  const bond = await findFinstrument(context.db, row.finstrumentId)
  if (!bond) throw new HttpError(404, 'Bond not found')
  const settlementDate = edit.settlement_date ?? row.settlementDate
  if (edit.settlement_date !== undefined) checkSettlement(bond, settlementDate, row.tradeDate)
  const set: Record<string, unknown> = {}
  if (edit.trade_time !== undefined) {
    const at = tradedAt(row.tradeDate, edit.trade_time)
    if (at.getTime() > context.now().getTime()) throw bad('trade_time', VM.tradeTimeLater)
    Object.assign(set, { tradeTime: edit.trade_time, tradedAt: at, reportDueAt: reportDue(at) })
  }
  if (edit.exchange !== undefined) set.exchange = edit.exchange
  const fixed =
    edit.unit_clean_price !== undefined
      ? { clean_price: edit.unit_clean_price }
      : edit.bond_yield !== undefined
        ? { bond_yield: Number((edit.bond_yield / 100).toFixed(8)) }
        : row.fixedField === 'price' || row.bondYield === null
          ? { clean_price: row.cleanPrice }
          : { bond_yield: row.bondYield }
  const quantum = edit.quantum ?? row.quantum
  const priced = priceTerms(bond, {
    quantum,
    fixed,
    settlementDate,
    brokerage: edit.brokerage ?? row.brokeragePaise / 100,
  })
  return { ...set, quantum, settlementDate, ...pricedColumns(priced) }
}

/**
 * Change a ticket's terms (any of them, priced again) under the timeline's `action`; `send` sends a
 * draft on to the counterparty in the same transaction.
 */
function editTerms(
  context: TicketsContext,
  actor: Actor,
  id: string,
  edit: Partial<TicketUpdate>,
  action: string,
  { send = false } = {},
) {
  return change(
    context,
    actor,
    id,
    async (row, tx) => {
      const to = allowed(row, actor.user, 'edit')
      checkVersion(row, edit.version)
      const set = await repriced({ ...context, db: tx }, row, edit)
      const steps: Change[] = [{ action, to, set, detail: describe(row, set) }]
      if (send && to === 'draft') steps.push({ action: 'sent', to: 'sent', detail: null })
      return steps
    },
    { amounts: true },
  )
}

/** `PATCH api/chatter/trade/{id}/`: change terms; with send_to_clients, send the draft too. */
export async function updateTicket(
  context: TicketsContext,
  actor: Actor,
  id: string,
  body: TicketUpdate,
) {
  return editTerms(context, actor, id, body, 'edited', { send: body.send_to_clients })
}

/** `PATCH api/chatter/trade/{id}/price/`: a new price or yield. */
export async function repriceTicket(
  context: TicketsContext,
  actor: Actor,
  id: string,
  body: Pick<TicketUpdate, 'unit_clean_price' | 'bond_yield' | 'version'>,
) {
  return editTerms(context, actor, id, body, 'repriced')
}

/** `PATCH api/trade/{id}/brokerage/`. */
export async function setBrokerage(
  context: TicketsContext,
  actor: Actor,
  id: string,
  body: Pick<TicketUpdate, 'version'> & { brokerage: number },
) {
  return editTerms(context, actor, id, body, 'brokerage')
}

const PAST: Record<string, string> = {
  send: 'sent',
  confirm: 'confirmed',
  reject: 'rejected',
  cancel: 'cancelled',
}

/** `PATCH api/chatter/trade/actions/{id}/{action}/` for send, confirm, reject and cancel. */
export async function actOn(
  context: TicketsContext,
  actor: Actor,
  id: string,
  action: 'send' | 'confirm' | 'reject' | 'cancel',
  body: TicketActionBody,
) {
  return change(context, actor, id, (row) => {
    const to = allowed(row, actor.user, action)
    checkVersion(row, body.version)
    return { action: PAST[action] ?? action, to, detail: body.reason || null }
  })
}

/** `PATCH api/chatter/trade/send-to-broker/{id}/`: send a draft to the broker across the table. */
export async function sendToBroker(
  context: TicketsContext,
  actor: Actor,
  id: string,
  body: TicketActionBody,
) {
  return change(context, actor, id, (row) => {
    const to = allowed(row, actor.user, 'send')
    checkVersion(row, body.version)
    if (row.brokerDetails.length === 0) throw new HttpError(409, TM.noBroker)
    return { action: 'sent to broker', to, detail: null }
  })
}

/**
 * `PATCH api/chatter/trade/accept-consideration/{id}/`: the counterparty accepts the consideration
 * naming its custodian; the ticket becomes an order (and is reported at once by a firm on STP).
 */
export async function acceptConsideration(
  context: TicketsContext,
  actor: Actor,
  id: string,
  body: { custodian_id: string; version?: number | undefined },
) {
  const custodian = await custodianById(context.db, body.custodian_id)
  if (!custodian) throw bad('custodian_id', TM.custodianUnknown)
  return change(context, actor, id, (row) => {
    const to = allowed(row, actor.user, 'accept_consideration')
    checkVersion(row, body.version)
    return {
      action: 'consideration accepted',
      to,
      set: { custodianId: custodian.id },
      detail: `Consideration ${formatRupees(row.totalPaise / 100)} with ${custodian.name}`,
    }
  })
}

/**
 * `PUT api/orders/{id}/accept-reject/`: the counterparty's verdict on the consideration (spec
 * section 4: rejecting it sets the rejected status; accepting needs a custodian).
 */
export async function acceptOrReject(
  context: TicketsContext,
  actor: Actor,
  id: string,
  body: {
    reported_order_status: 'accepted' | 'rejected'
    custodian_id?: string | undefined
    reason?: string | undefined
    version?: number | undefined
  },
) {
  if (body.reported_order_status === 'accepted') {
    if (!body.custodian_id) throw bad('custodian_id', TM.custodianRequired)
    return acceptConsideration(context, actor, id, {
      custodian_id: body.custodian_id,
      version: body.version,
    })
  }
  return actOn(context, actor, id, 'reject', { version: body.version, reason: body.reason })
}
