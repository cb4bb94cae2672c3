// One-tap confirm, correct and dismiss of a line of the caller's run (decision 265). A confirmed
// or corrected line is in the run; a dismissed one leaves it. A line joins the run only with its
// bond and a level.
import {
  PRIVATE_RUN_MESSAGES as PM,
  type PrivateRunCorrection,
  type PrivateRunLine,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { findFinstrument } from '../../finstruments/index.ts'
import type { RunsContext } from '../context.ts'
import { lineOfUser, updateLine } from '../repo.ts'
import { lineView } from '../view.ts'

const bad = (field: string, message: string) => new HttpError(400, message, { [field]: message })

/** A line of the caller's run by its path id; 404 otherwise. */
export async function ownLine(
  db: RunsContext['db'],
  user: AuthUser,
  id: string,
  { lock = false }: { lock?: boolean } = {},
) {
  const line = /^\d{1,18}$/.test(id)
    ? await lineOfUser(db, user.id, Number(id), { lock })
    : undefined
  if (!line || line.row.status === 'dismissed') throw new HttpError(404, PM.lineNotFound)
  return line
}

async function answer(context: RunsContext, user: AuthUser, id: number) {
  const fresh = await lineOfUser(context.db, user.id, id)
  if (!fresh) throw new HttpError(404, PM.lineNotFound)
  const rfqs = fresh.row.venueRfqId
    ? await context.venue.rfqsFor(user, [fresh.row.venueRfqId])
    : new Map()
  return lineView(
    fresh,
    fresh.row.venueRfqId ? rfqs.get(fresh.row.venueRfqId) : undefined,
    user.isStaff,
  )
}

/** Confirm a line waiting for confirmation as read: it joins the run. */
export async function confirmLine(
  context: RunsContext,
  user: AuthUser,
  id: string,
): Promise<PrivateRunLine> {
  const lineId = await context.transact(async (tx, events) => {
    const line = await ownLine(tx, user, id, { lock: true })
    if (line.row.status !== 'pending') throw new HttpError(409, PM.notPending)
    if (!line.row.finstrumentId) throw bad('finstrument_id', PM.bondRequired)
    if (line.row.yieldValue === null && line.row.price === null) {
      throw bad('yield', PM.levelRequired)
    }
    await updateLine(tx, user.id, line.row.id, { status: 'live', updatedAt: context.now() })
    await events.changed(user.id, [line.row.id], 'confirmed')
    return line.row.id
  })
  return answer(context, user, lineId)
}

/** Correct what the parser read; the line joins the run as corrected. */
export async function correctLine(
  context: RunsContext,
  user: AuthUser,
  id: string,
  body: PrivateRunCorrection,
): Promise<PrivateRunLine> {
  const lineId = await context.transact(async (tx, events) => {
    const line = await ownLine(tx, user, id, { lock: true })
    if (line.row.venueRfqId !== null) throw new HttpError(409, PM.alreadySent)
    let finstrumentId = line.row.finstrumentId
    if (body.finstrument_id !== undefined) {
      const bond = await findFinstrument(tx, body.finstrument_id)
      if (!bond || !bond.isAvailable) throw bad('finstrument_id', 'Bond not found')
      finstrumentId = bond.id
    }
    // A level given replaces the other kind (a price replaces a yield and the other way round).
    const levelGiven = body.yield !== undefined || body.price !== undefined
    const yieldValue = levelGiven ? (body.yield ?? null) : line.row.yieldValue
    const price = levelGiven ? (body.price ?? null) : line.row.price
    if (!finstrumentId) throw bad('finstrument_id', PM.bondRequired)
    if (yieldValue === null && price === null) throw bad('yield', PM.levelRequired)
    await updateLine(tx, user.id, line.row.id, {
      status: 'live',
      corrected: true,
      finstrumentId,
      quoteType: body.quote_type ?? line.row.quoteType,
      yieldValue,
      price,
      quantum: body.quantum !== undefined ? body.quantum : line.row.quantum,
      settlementDelta:
        body.settlement_delta !== undefined ? body.settlement_delta : line.row.settlementDelta,
      updatedAt: context.now(),
    })
    await events.changed(user.id, [line.row.id], 'corrected')
    return line.row.id
  })
  return answer(context, user, lineId)
}

/** Dismiss a line: it leaves the run. */
export async function dismissLine(context: RunsContext, user: AuthUser, id: string) {
  await context.transact(async (tx, events) => {
    const line = await ownLine(tx, user, id, { lock: true })
    await updateLine(tx, user.id, line.row.id, { status: 'dismissed', updatedAt: context.now() })
    await events.changed(user.id, [line.row.id], 'dismissed')
  })
}
