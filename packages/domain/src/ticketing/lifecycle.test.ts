import { describe, expect, it } from 'vitest'
import {
  FINAL_TRADE_STATES,
  TRADE_ACTIONS,
  TRADE_STATES,
  TRADE_TRANSITIONS,
  tradeActionsFor,
  tradeStep,
  type TradeAction,
  type TradeParty,
  type TradeState,
} from './lifecycle.ts'

const dealer: TradeParty = { initiator: true }
const counterparty: TradeParty = { initiator: false }

describe('the trade lifecycle', () => {
  it('walks a trade from the chat to settlement', () => {
    const path = [
      ['send', dealer, 'sent'],
      ['confirm', counterparty, 'confirmed'],
      ['accept_consideration', counterparty, 'accepted'],
      ['report', dealer, 'reported'],
      ['settle', dealer, 'settled'],
    ] as const
    let state: (typeof TRADE_STATES)[number] = 'draft'
    for (const [action, party, to] of path) {
      const step = tradeStep(state, action, party)
      expect(step, `${state} → ${action}`).toEqual({ ok: true, to })
      state = to
    }
  })

  it('allows exactly the transitions of the table, for every state, action and party', () => {
    const parties: TradeParty[] = [dealer, counterparty]
    let allowed = 0
    for (const state of TRADE_STATES) {
      for (const action of TRADE_ACTIONS) {
        for (const party of parties) {
          const step = tradeStep(state, action, party)
          const rows = TRADE_TRANSITIONS.filter((r) => r.from === state && r.action === action)
          if (step.ok) {
            allowed += 1
            expect(rows.map((r) => r.to)).toContain(step.to)
          } else if (FINAL_TRADE_STATES.includes(state)) {
            expect(step.reason).toBe('final')
          } else {
            expect(step.reason).toBe(rows.length === 0 ? 'not-allowed' : 'not-your-turn')
          }
        }
      }
    }
    expect(allowed).toBeGreaterThan(TRADE_TRANSITIONS.length)
  })

  it('keeps each side to its turn', () => {
    expect(tradeStep('sent', 'confirm', dealer)).toMatchObject({
      ok: false,
      message: 'Only the counterparty can do this now.',
    })
    expect(tradeStep('confirmed', 'accept_consideration', dealer)).toMatchObject({
      ok: false,
      message: 'Only the counterparty can do this now.',
    })
    // Spec section 4: rejecting the consideration sets the rejected status.
    expect(tradeStep('confirmed', 'reject', counterparty)).toEqual({ ok: true, to: 'rejected' })
  })

  it('tells the one who lost a race that the action is already taken', () => {
    expect(tradeStep('accepted', 'accept_consideration', counterparty)).toEqual({
      ok: false,
      reason: 'not-allowed',
      message: 'This trade is already accepted.',
    })
    expect(tradeStep('reported', 'report', dealer)).toMatchObject({
      message: 'This trade is already reported.',
    })
    // Accepted and at once reported by the firm's STP: the late accept hears where it stands.
    expect(tradeStep('reported', 'accept_consideration', counterparty)).toMatchObject({
      message: 'This trade is already reported.',
    })
    // Not a race: a draft was never accepted.
    expect(tradeStep('draft', 'accept_consideration', counterparty)).toMatchObject({
      reason: 'not-allowed',
      message: 'A trade that is a draft cannot be accepted.',
    })
  })

  it('asks for a new confirmation after terms change', () => {
    expect(tradeStep('confirmed', 'edit', counterparty)).toEqual({ ok: true, to: 'sent' })
  })

  it('lets nothing leave a final state, and says why', () => {
    for (const state of FINAL_TRADE_STATES) {
      expect(tradeActionsFor(state, dealer)).toEqual([])
    }
    expect(tradeStep('settled', 'cancel', dealer)).toMatchObject({
      ok: false,
      message: 'This trade is already settled.',
    })
    expect(tradeStep('draft', 'settle', dealer)).toMatchObject({
      ok: false,
      message: 'A trade that is a draft cannot be settled.',
    })
  })

  it('offers each party the buttons of its turn', () => {
    expect(tradeActionsFor('draft', dealer)).toEqual(['edit', 'send', 'cancel'])
    expect(tradeActionsFor('sent', counterparty)).toEqual([
      'confirm',
      'reject',
      'accept_consideration',
    ])
    // The counterparty may accept the consideration without confirming the terms first.
    expect(tradeStep('sent', 'accept_consideration', counterparty)).toEqual({
      ok: true,
      to: 'accepted',
    })
    expect(tradeActionsFor('confirmed', counterparty)).toEqual([
      'edit',
      'reject',
      'accept_consideration',
      'cancel',
    ])
  })
})

// Every action on every state that is not final, for the side that created the ticket (I) and
// the counterparty (C): the state it leads to, or the refusal with its reason and the exact text
// the screen shows. Written out from decision 220's table and the spec's section 4 (rejecting a
// consideration sets the rejected status), not computed from TRADE_TRANSITIONS.
type Outcome = TradeState | ['final' | 'not-allowed' | 'not-your-turn', string]
const INITIATOR_ONLY: Outcome = [
  'not-your-turn',
  'Only the side that created the ticket can do this now.',
]
const COUNTERPARTY_ONLY: Outcome = ['not-your-turn', 'Only the counterparty can do this now.']
const cannot = (text: string): Outcome => ['not-allowed', text]
const SAME_FOR_BOTH = (outcome: Outcome): [Outcome, Outcome] => [outcome, outcome]
const MATRIX: Record<string, Record<TradeAction, [Outcome, Outcome]>> = {
  draft: {
    edit: ['draft', INITIATOR_ONLY],
    send: ['sent', INITIATOR_ONLY],
    confirm: SAME_FOR_BOTH(cannot('A trade that is a draft cannot be confirmed.')),
    reject: SAME_FOR_BOTH(cannot('A trade that is a draft cannot be rejected.')),
    accept_consideration: SAME_FOR_BOTH(cannot('A trade that is a draft cannot be accepted.')),
    report: SAME_FOR_BOTH(cannot('A trade that is a draft cannot be reported.')),
    settle: SAME_FOR_BOTH(cannot('A trade that is a draft cannot be settled.')),
    cancel: ['cancelled', INITIATOR_ONLY],
  },
  sent: {
    edit: ['sent', INITIATOR_ONLY],
    // Sent twice (a double click): it already is.
    send: SAME_FOR_BOTH(cannot('This trade is already sent to the counterparty.')),
    confirm: [COUNTERPARTY_ONLY, 'confirmed'],
    reject: [COUNTERPARTY_ONLY, 'rejected'],
    accept_consideration: [COUNTERPARTY_ONLY, 'accepted'],
    report: SAME_FOR_BOTH(cannot('A trade that is sent to the counterparty cannot be reported.')),
    settle: SAME_FOR_BOTH(cannot('A trade that is sent to the counterparty cannot be settled.')),
    cancel: ['cancelled', INITIATOR_ONLY],
  },
  confirmed: {
    edit: ['sent', 'sent'],
    send: SAME_FOR_BOTH(cannot('This trade is already confirmed.')),
    confirm: SAME_FOR_BOTH(cannot('This trade is already confirmed.')),
    reject: [COUNTERPARTY_ONLY, 'rejected'],
    accept_consideration: [COUNTERPARTY_ONLY, 'accepted'],
    report: SAME_FOR_BOTH(cannot('A trade that is confirmed cannot be reported.')),
    settle: SAME_FOR_BOTH(cannot('A trade that is confirmed cannot be settled.')),
    cancel: ['cancelled', 'cancelled'],
  },
  accepted: {
    // An edit that lost the race to an accept hears where the trade stands.
    edit: SAME_FOR_BOTH(cannot('This trade is already accepted.')),
    send: SAME_FOR_BOTH(cannot('This trade is already accepted.')),
    confirm: SAME_FOR_BOTH(cannot('This trade is already accepted.')),
    // A rejection never led forward: not a race.
    reject: SAME_FOR_BOTH(cannot('A trade that is accepted cannot be rejected.')),
    accept_consideration: SAME_FOR_BOTH(cannot('This trade is already accepted.')),
    report: ['reported', 'reported'],
    settle: SAME_FOR_BOTH(cannot('A trade that is accepted cannot be settled.')),
    cancel: ['cancelled', 'cancelled'],
  },
  reported: {
    edit: SAME_FOR_BOTH(cannot('This trade is already reported.')),
    send: SAME_FOR_BOTH(cannot('This trade is already reported.')),
    confirm: SAME_FOR_BOTH(cannot('This trade is already reported.')),
    reject: SAME_FOR_BOTH(cannot('A trade that is reported cannot be rejected.')),
    accept_consideration: SAME_FOR_BOTH(cannot('This trade is already reported.')),
    report: SAME_FOR_BOTH(cannot('This trade is already reported.')),
    settle: ['settled', 'settled'],
    cancel: ['cancelled', 'cancelled'],
  },
}
const FINAL_TEXT: Record<string, string> = {
  settled: 'This trade is already settled.',
  rejected: 'This trade is already rejected.',
  cancelled: 'This trade is already cancelled.',
}
const expected = (outcome: Outcome) =>
  typeof outcome === 'string'
    ? { ok: true, to: outcome }
    : { ok: false, reason: outcome[0], message: outcome[1] }

describe('every action on every state, for each side', () => {
  it('leads where the table says, or refuses with the reason and text the screen shows', () => {
    expect(Object.keys(MATRIX)).toEqual(TRADE_STATES.filter((s) => !FINAL_TRADE_STATES.includes(s)))
    for (const [state, actions] of Object.entries(MATRIX)) {
      for (const action of TRADE_ACTIONS) {
        const [byInitiator, byCounterparty] = actions[action]
        const where = `${state} → ${action}`
        expect(tradeStep(state as TradeState, action, dealer), `${where} by I`).toEqual(
          expected(byInitiator),
        )
        expect(tradeStep(state as TradeState, action, counterparty), `${where} by C`).toEqual(
          expected(byCounterparty),
        )
      }
    }
  })

  it('refuses everything on a final state, naming the state', () => {
    expect(FINAL_TRADE_STATES).toEqual(['settled', 'rejected', 'cancelled'])
    for (const state of FINAL_TRADE_STATES) {
      for (const action of TRADE_ACTIONS) {
        for (const party of [dealer, counterparty]) {
          expect(tradeStep(state, action, party), `${state} → ${action}`).toEqual({
            ok: false,
            reason: 'final',
            message: FINAL_TEXT[state],
          })
        }
      }
    }
  })

  it('offers each side exactly the actions the matrix allows it', () => {
    for (const [state, actions] of Object.entries(MATRIX)) {
      for (const [column, party] of [dealer, counterparty].entries()) {
        const allowed = TRADE_ACTIONS.filter((a) => typeof actions[a][column] === 'string')
        expect(tradeActionsFor(state as TradeState, party), `${state}, ${column}`).toEqual(allowed)
      }
    }
  })
})
