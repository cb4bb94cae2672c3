// One state machine for a trade from the chat to settlement: the ticket two desks put together,
// the order it becomes when the consideration is accepted, its report to the clearing corporation
// and its settlement (issue 22, decision 220). Every allowed transition is a row of the table
// below; anything else is refused with a reason the screen can show.

/** Where a trade stands. */
export const TRADE_STATES = [
  /** Created from a chat (or by hand) by one side; only that side sees and edits it. */
  'draft',
  /** Sent to the counterparty, who may confirm or reject its terms. */
  'sent',
  /** The counterparty agrees the terms; it may still accept or reject the consideration. */
  'confirmed',
  /** Consideration accepted with a custodian: an order, to be reported. */
  'accepted',
  /** Reported to NSE Clearing or ICCL and confirmed by it. */
  'reported',
  /** Settled on the settlement date. */
  'settled',
  /** The counterparty rejected the terms or the consideration. */
  'rejected',
  /** Withdrawn before settlement. */
  'cancelled',
] as const
export type TradeState = (typeof TRADE_STATES)[number]

/** What a user (or the clearing corporation) can do to a trade. */
export const TRADE_ACTIONS = [
  'edit',
  'send',
  'confirm',
  'reject',
  'accept_consideration',
  'report',
  'settle',
  'cancel',
] as const
export type TradeAction = (typeof TRADE_ACTIONS)[number]

/** Who acts: the side that created the ticket, the other side, or either side. */
export type TradeActor = 'initiator' | 'counterparty' | 'either'

/** One allowed transition. */
export interface TradeTransition {
  from: TradeState
  action: TradeAction
  to: TradeState
  by: TradeActor
}

/** Every allowed transition; nothing else is. */
export const TRADE_TRANSITIONS: readonly TradeTransition[] = [
  { from: 'draft', action: 'edit', to: 'draft', by: 'initiator' },
  { from: 'draft', action: 'send', to: 'sent', by: 'initiator' },
  { from: 'draft', action: 'cancel', to: 'cancelled', by: 'initiator' },
  // Editing terms the counterparty has seen asks it to confirm them again.
  { from: 'sent', action: 'edit', to: 'sent', by: 'initiator' },
  { from: 'sent', action: 'confirm', to: 'confirmed', by: 'counterparty' },
  // The counterparty may accept the consideration (naming its custodian) straight away.
  { from: 'sent', action: 'accept_consideration', to: 'accepted', by: 'counterparty' },
  { from: 'sent', action: 'reject', to: 'rejected', by: 'counterparty' },
  { from: 'sent', action: 'cancel', to: 'cancelled', by: 'initiator' },
  { from: 'confirmed', action: 'edit', to: 'sent', by: 'either' },
  { from: 'confirmed', action: 'accept_consideration', to: 'accepted', by: 'counterparty' },
  // Spec section 4: rejecting a consideration sets the rejected status.
  { from: 'confirmed', action: 'reject', to: 'rejected', by: 'counterparty' },
  { from: 'confirmed', action: 'cancel', to: 'cancelled', by: 'either' },
  { from: 'accepted', action: 'report', to: 'reported', by: 'either' },
  { from: 'accepted', action: 'cancel', to: 'cancelled', by: 'either' },
  { from: 'reported', action: 'settle', to: 'settled', by: 'either' },
  { from: 'reported', action: 'cancel', to: 'cancelled', by: 'either' },
]

/** The states a trade passes through on its way to settlement, in order. */
const FORWARD: readonly TradeState[] = [
  'draft',
  'sent',
  'confirmed',
  'accepted',
  'reported',
  'settled',
]

/** States nothing leaves. */
export const FINAL_TRADE_STATES: readonly TradeState[] = ['settled', 'rejected', 'cancelled']

/** How the one asking stands to the trade. */
export interface TradeParty {
  /** Their side created the ticket. */
  initiator: boolean
}

/** The verdict on an action: the state it leads to, or why it is refused. */
export type TradeStep =
  | { ok: true; to: TradeState }
  | { ok: false; reason: 'final' | 'not-allowed' | 'not-your-turn'; message: string }

function acts(by: TradeActor, party: TradeParty): boolean {
  switch (by) {
    case 'initiator':
      return party.initiator
    case 'counterparty':
      return !party.initiator
    case 'either':
      return true
  }
}

const LABEL: Record<TradeState, string> = {
  draft: 'a draft',
  sent: 'sent to the counterparty',
  confirmed: 'confirmed',
  accepted: 'accepted',
  reported: 'reported',
  settled: 'settled',
  rejected: 'rejected',
  cancelled: 'cancelled',
}

/** Whether `action` may be taken on a trade in `state` by `party`, and where it leads. */
export function tradeStep(state: TradeState, action: TradeAction, party: TradeParty): TradeStep {
  if (FINAL_TRADE_STATES.includes(state)) {
    return { ok: false, reason: 'final', message: `This trade is already ${LABEL[state]}.` }
  }
  const rows = TRADE_TRANSITIONS.filter((row) => row.from === state && row.action === action)
  if (rows.length === 0) {
    // Someone took this action a moment ago (two accepts at once), and the trade may have moved
    // on since (an accepted order reported at once): say where it stands.
    const forward = FORWARD.indexOf(state)
    const done = TRADE_TRANSITIONS.some(
      (row) =>
        row.action === action &&
        // Stryker disable next-line ConditionalExpression: the rows that stay put (edits of a draft or a sent trade) never lead behind a state that lacks the action
        row.from !== row.to &&
        // Stryker disable next-line ConditionalExpression,EqualityOperator: final states returned above, the rest are all in FORWARD (draft at 0 has no forward row to reach)
        forward >= 0 &&
        // Stryker disable next-line EqualityOperator: only draft's own edit leads to draft (index 0), and it stays put
        FORWARD.indexOf(row.to) >= 0 &&
        FORWARD.indexOf(row.to) <= forward,
    )
    if (done) {
      return { ok: false, reason: 'not-allowed', message: `This trade is already ${LABEL[state]}.` }
    }
    return {
      ok: false,
      reason: 'not-allowed',
      message: `A trade that is ${LABEL[state]} cannot be ${ACTION_PAST[action]}.`,
    }
  }
  const row = rows.find((candidate) => acts(candidate.by, party))
  if (!row) {
    return {
      ok: false,
      reason: 'not-your-turn',
      // Stryker disable next-line OptionalChaining,StringLiteral: rows is not empty here (checked above)
      message: `Only ${ACTOR_LABEL[rows[0]?.by ?? 'either']} can do this now.`,
    }
  }
  return { ok: true, to: row.to }
}

const ACTION_PAST: Record<TradeAction, string> = {
  edit: 'edited',
  send: 'sent',
  confirm: 'confirmed',
  reject: 'rejected',
  accept_consideration: 'accepted',
  report: 'reported',
  settle: 'settled',
  cancel: 'cancelled',
}

const ACTOR_LABEL: Record<TradeActor, string> = {
  initiator: 'the side that created the ticket',
  counterparty: 'the counterparty',
  either: 'a party to the trade',
}

/** The actions `party` may take on a trade in `state` (the buttons a screen offers). */
export function tradeActionsFor(state: TradeState, party: TradeParty): TradeAction[] {
  return TRADE_ACTIONS.filter((action) => tradeStep(state, action, party).ok)
}
