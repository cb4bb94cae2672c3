// The live demo market (demo mode only; decision 295): the demo dealer (Demo Capital) and the demo
// broker (Demo Securities) trade with each other during the market's hours, on the server's clock,
// a few actions a minute, through the market service as their screens would: quotes posted and
// moved around each bond's level from the data, counters, deals (each close makes its ticket, as a
// venue deal does), quotes withdrawn. What it does next is desk-plan.ts's (seeded); this file carries it out.
import { eoiCreateSchema, eoiNegotiationSchema, eoiUpdateSchema, type Eoi } from '@bonds/domain'
import type { Db } from '../db/index.ts'
import type { AuthUser } from '../http/access.ts'
import type { TokenService } from '../modules/auth/index.ts'
import { findFinstrument } from '../modules/finstruments/index.ts'
import type { MarketService } from '../modules/market/index.ts'
import { marketHours } from '../modules/market-hours/index.ts'
import type { Clock } from '../server-module.ts'
import { DEMO_BOOK, signedIn } from './market.ts'
import {
  BP,
  pauseMs,
  planStep,
  seededRandom,
  walkMids,
  type DeskAction,
  type DeskBond,
  type DeskFirm,
  type DeskState,
} from './desk-plan.ts'

/** The accounts the desk acts as. */
export const DESK_ACCOUNTS: Record<DeskFirm, string> = {
  dealer: 'dealer@demo.test',
  broker: 'broker@demo.test',
}

/** How long the desk keeps one session before signing in afresh (permissions are re-read). */
const SESSION_MS = 60 * 60 * 1000
/** The longest the desk sleeps while the market is closed before looking again. */
const CLOSED_CHECK_MS = 60 * 60 * 1000

/** What the desk is built from. */
export interface DemoDeskDeps {
  db: Db
  market: MarketService
  tokens: TokenService
  clock: Clock
  seed: number
  onError?: (error: unknown, action?: DeskAction) => void
}

/** What one step did: the action (with the ticket of a deal), or why nothing. */
export type DeskStep =
  | { done: DeskAction; ticketId?: number }
  | { skipped: 'closed' | 'not-ready' | 'nothing' | 'failed'; action?: DeskAction }

/** The live demo market: `step` acts once; `start` acts at a human pace until `stop`. */
export function demoDesk(deps: DemoDeskDeps) {
  const random = seededRandom(deps.seed)
  const state: DeskState = { bonds: [], quotes: [], threads: [] }
  const sessions: Partial<
    Record<DeskFirm, { caller: AuthUser; close: () => Promise<unknown>; at: number }>
  > = {}
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()

  async function loadBonds(): Promise<void> {
    if (state.bonds.length > 0) return
    for (const { isin, sizes } of DEMO_BOOK) {
      const bond = await findFinstrument(deps.db, isin)
      if (!bond?.canBePriced || bond.couponRate === null) continue
      const centre = bond.indicativeYield ?? bond.couponRate
      // G-secs trade a basis point or two wide; corporates wider.
      const halfSpread = (isin.startsWith('IN00') ? 1.5 : 4) * BP
      state.bonds.push({ isin, centre, mid: centre, halfSpread, sizes } satisfies DeskBond)
    }
  }

  async function callerOf(firm: DeskFirm): Promise<AuthUser | null> {
    const now = deps.clock().getTime()
    const held = sessions[firm]
    if (held && now - held.at < SESSION_MS) return held.caller
    if (held) await held.close()
    delete sessions[firm]
    const opened = await signedIn(deps.db, deps.tokens, DESK_ACCOUNTS[firm], 'demo desk')
    if (!opened) return null
    sessions[firm] = { ...opened, at: now }
    return opened.caller
  }

  const forget = (eoiId: number) => {
    state.quotes = state.quotes.filter((quote) => quote.id !== eoiId)
    state.threads = state.threads.filter((thread) => thread.eoiId !== eoiId)
  }

  const remember = (firm: DeskFirm, eoi: Eoi) => {
    state.quotes = state.quotes.filter((quote) => quote.id !== eoi.id)
    state.quotes.push({
      id: eoi.id,
      isin: eoi.isin,
      firm,
      side: eoi.quote_type,
      yield: eoi.yield_stored ?? 0,
      quantum: eoi.quantum,
      expiresAt: new Date(eoi.expiry_date_stored).getTime(),
      settlementDate: eoi.settlement_date,
    })
  }

  async function act(action: DeskAction, caller: AuthUser): Promise<number | undefined> {
    const { market } = deps
    switch (action.kind) {
      case 'post': {
        const eoi = await market.createEoi(
          caller,
          eoiCreateSchema.parse({
            finstrument_id: action.isin,
            quote_type: action.side,
            quantum: action.quantum,
            fixed_field: 'yield',
            yield_stored: action.yield,
            settlement_delta: 1,
            validity: action.validityMinutes,
          }),
        )
        remember(action.firm, eoi)
        return undefined
      }
      case 'move': {
        const payload = eoiUpdateSchema.parse({ fixed_field: 'yield', yield_stored: action.yield })
        remember(action.firm, await market.updateEoi(caller, String(action.eoiId), payload))
        return undefined
      }
      case 'withdraw':
        forget(action.eoiId)
        await market.expire(caller, String(action.eoiId))
        return undefined
      case 'counter': {
        const thread = await market.negotiate(
          caller,
          eoiNegotiationSchema.parse({
            eoi_id: action.eoiId,
            negotiation_id: action.negotiationId,
            quantum: action.quantum,
            yield_stored: action.yield,
          }),
        )
        const quote = state.quotes.find((q) => q.id === action.eoiId)
        const known = state.threads.find((t) => t.negotiationId === thread.id)
        const byOwner = action.firm === quote?.firm
        if (known) {
          known.lastBy = byOwner ? 'owner' : 'counterparty'
          if (byOwner) known.ownerYield = action.yield
          else known.counterYield = action.yield
          known.rounds += 1
        } else if (quote) {
          state.threads.push({
            negotiationId: thread.id,
            eoiId: quote.id,
            counterEoiId: thread.counter_eoi_id,
            lastBy: 'counterparty',
            ownerYield: quote.yield,
            counterYield: action.yield,
            quantum: action.quantum,
            rounds: 1,
          })
        }
        return undefined
      }
      case 'deal': {
        const thread = state.threads.find(
          (t) => t.eoiId === action.eoiId || t.counterEoiId === action.eoiId,
        )
        const answer = await market.closeEoi(caller, String(action.eoiId), {
          opposing_eoi: action.opposingEoiId,
          confirm: true,
        })
        if (thread) forget(thread.eoiId)
        // The close made the deal's ticket, sent to the other firm (decision 328).
        return answer.deal?.ticket_id ?? undefined
      }
    }
  }

  /** Act once, now (nothing while the market is closed). */
  async function step(): Promise<DeskStep> {
    const at = deps.clock()
    if (!marketHours(at).isOpen) return { skipped: 'closed' }
    await loadBonds()
    if (state.bonds.length === 0) return { skipped: 'not-ready' }
    state.bonds = walkMids(state.bonds, random)
    state.quotes = state.quotes.filter((quote) => quote.expiresAt > at.getTime())
    const action = planStep(state, random, at.getTime())
    if (!action) return { skipped: 'nothing' }
    const caller = await callerOf(action.firm)
    if (!caller) return { skipped: 'not-ready', action }
    try {
      const ticketId = await act(action, caller)
      return ticketId === undefined ? { done: action } : { done: action, ticketId }
    } catch (error) {
      // A quote that expired or was dealt meanwhile: the desk forgets it and carries on.
      if ('eoiId' in action) forget(action.eoiId)
      deps.onError?.(error, action)
      return { skipped: 'failed', action }
    }
  }

  /** How long to wait before the next step: a human pause, or until the market opens. */
  function nextWait(): number {
    const at = deps.clock()
    const hours = marketHours(at)
    if (hours.isOpen) return pauseMs(random)
    return Math.max(1000, Math.min(CLOSED_CHECK_MS, hours.nextOpen.getTime() - at.getTime()))
  }

  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      running = step()
        .catch((error: unknown) => deps.onError?.(error))
        .finally(schedule)
    }, nextWait())
    timer.unref()
  }

  return {
    step,
    /** Act at a human pace during the market's hours until stopped. */
    start: schedule,
    /** Stop acting; resolves when the step under way has finished and the sessions are closed. */
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running.catch(() => undefined)
      for (const firm of ['dealer', 'broker'] as const) await sessions[firm]?.close()
    },
    /** What the desk holds now (tests). */
    state: () => state,
  }
}

/** The live demo market's type. */
export type DemoDesk = ReturnType<typeof demoDesk>
