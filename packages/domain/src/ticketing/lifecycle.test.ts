import { describe, expect, it } from 'vitest'
import {
  FINAL_TRADE_STATES,
  TRADE_ACTIONS,
  TRADE_STATES,
  TRADE_TRANSITIONS,
  tradeActionsFor,
  tradeStep,
  type TradeParty,
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
