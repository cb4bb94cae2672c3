import { describe, expect, it } from 'vitest'
import { makeTicket } from '../testing/factory.ts'
import { offeredActions } from './actions.ts'
import { CSV_COLUMNS, ticketsCsv } from './csv.ts'
import { clearingOfText, valuesFromQuote } from './from-chat.ts'
import { reportClock } from './state.ts'

describe('offeredActions', () => {
  const ticket = makeTicket({
    actions: [
      'edit',
      'send',
      'confirm',
      'reject',
      'accept_consideration',
      'report',
      'settle',
      'cancel',
    ],
  })

  it('gives a Dealer the ticket actions, Back Office report and settle, a Trade Viewer nothing', () => {
    expect(offeredActions(ticket, { roles: ['clientdealer'] })).toEqual([
      'send',
      'confirm',
      'accept_consideration',
      'edit',
      'reject',
      'cancel',
    ])
    expect(offeredActions(ticket, { roles: ['backoffice'] })).toEqual(['report', 'settle'])
    expect(offeredActions(ticket, { roles: ['clientviewer'] })).toEqual([])
  })

  it('never offers what the server did not list', () => {
    expect(
      offeredActions(makeTicket({ actions: [] }), { roles: ['clientdealer', 'backoffice'] }),
    ).toEqual([])
  })
})

describe('reportClock', () => {
  const due = Date.parse('2026-11-26T05:15:00.000Z')

  it('counts down to the due time, then says Overdue', () => {
    expect(reportClock(makeTicket(), due - 61_000)).toMatchObject({
      kind: 'running',
      text: '1:01 left to report',
    })
    expect(reportClock(makeTicket(), due)).toEqual({ kind: 'overdue', text: 'Overdue' })
  })

  it('trusts the server’s overdue flag, and stops once reported or closed', () => {
    const flagged = makeTicket({ report: { ...makeTicket().report, overdue: true } })
    expect(reportClock(flagged, due - 600_000).kind).toBe('overdue')
    expect(reportClock(makeTicket({ state: 'reported' }), due + 1).kind).toBe('done')
    expect(reportClock(makeTicket({ state: 'cancelled' }), due + 1).kind).toBe('done')
  })
})

describe('ticketsCsv', () => {
  it('writes a header and one row per ticket, quoting commas and defusing formulas', () => {
    const csv = ticketsCsv([
      makeTicket({
        display_name: '7.1% GS, 2034',
        counterparty: { ...makeTicket().counterparty, name: '=HYPERLINK()' },
      }),
    ])
    const [header, row] = csv.split('\r\n')
    expect(header).toBe(CSV_COLUMNS.join(','))
    expect(row).toContain(`"7.1% GS, 2034"`)
    expect(row).toContain(`'=HYPERLINK()`)
    expect(row).toContain(
      '50000000,99.5,6.54,2026-11-27,10:30,50984567.89,50984618.87,NSE Clearing',
    )
  })
})

describe('valuesFromQuote', () => {
  const deal = {
    isin: 'IN0020210244',
    finstrument_id: 'IN0020210244',
    display_name: '6.54% GS 2032',
    quote_type: 'BID' as const,
    yield: 0.070395,
    price: null,
    quantum: 150_000_000,
    settlement_delta: 1 as const,
    confidence: 1,
    auto: true,
  }
  const TEXT = 'Done ✅ 15 cr 6.54 GS 2032 @ 7.0395% yld, T+1, your buy. Ticket to follow'

  it('takes the reader’s side from “your buy”, whoever reads it', () => {
    expect(valuesFromQuote(deal, false, '2026-11-26', TEXT).buy_or_sell).toBe('buy')
    expect(valuesFromQuote(deal, true, '2026-11-26', TEXT).buy_or_sell).toBe('sell')
    // Without it, a bid is its sender buying.
    expect(valuesFromQuote(deal, false, '2026-11-26', 'bid 7.04').buy_or_sell).toBe('sell')
    expect(valuesFromQuote(deal, true, '2026-11-26', 'bid 7.04').buy_or_sell).toBe('buy')
  })

  it('reads the terms, settling T+1 on the bond’s calendar', () => {
    expect(valuesFromQuote(deal, false, '2026-11-26', TEXT)).toMatchObject({
      fixed: 'yield',
      bond_yield: '7.0395',
      quantum: '150000000',
      settlement_date: '2026-11-27',
    })
    // Friday's T+1 is Monday.
    expect(valuesFromQuote(deal, false, '2026-11-27', TEXT).settlement_date).toBe('2026-11-30')
    // Christmas is a settlement holiday.
    expect(valuesFromQuote(deal, false, '2026-12-24', TEXT).settlement_date).toBe('2026-12-28')
  })

  it('reads where the deal clears from any line of the message, the last named winning', () => {
    expect(valuesFromQuote(deal, false, '2026-11-26', `${TEXT}\nthru ICCL pls`).exchange).toBe(
      'BSE',
    )
    expect(valuesFromQuote(deal, false, '2026-11-26', `ICCL\n${TEXT}`).exchange).toBe('BSE')
    // Nothing named: the form's default stays.
    expect(valuesFromQuote(deal, false, '2026-11-26', TEXT)).not.toHaveProperty('exchange')
  })
})

describe('clearingOfText', () => {
  it('knows the clearing corporations and their exchanges, as whole words, any case', () => {
    expect(clearingOfText('settle NSCCL')).toBe('NSE')
    expect(clearingOfText('via ncl')).toBe('NSE')
    expect(clearingOfText('bse rfq')).toBe('BSE')
    expect(clearingOfText('not NSE, ICCL pls')).toBe('BSE')
    expect(clearingOfText('ICCL? no, NSE')).toBe('NSE')
    expect(clearingOfText('BSEX NSEL 7.10/7.08')).toBeUndefined()
  })
})
