// The reconstruction's pure parts: which kind a timeline entry is, how a message reads, the order.
import { describe, expect, it } from 'vitest'
import { inTimeOrder, messageEvent, negotiationEvents, timelineKind } from './surveillance-view.ts'

describe('timelineKind', () => {
  it('puts each lifecycle step under ticket, order, report or settlement', () => {
    expect(timelineKind('created', null)).toBe('ticket')
    expect(timelineKind('edited', 'draft')).toBe('ticket')
    expect(timelineKind('sent', 'draft')).toBe('ticket')
    expect(timelineKind('confirmed', 'sent')).toBe('ticket')
    expect(timelineKind('rejected', 'confirmed')).toBe('ticket')
    expect(timelineKind('cancelled', 'sent')).toBe('ticket')
    expect(timelineKind('consideration accepted', 'confirmed')).toBe('order')
    expect(timelineKind('cancelled', 'accepted')).toBe('order')
    expect(timelineKind('reported', 'accepted')).toBe('report')
    expect(timelineKind('report rejected', 'accepted')).toBe('report')
    expect(timelineKind('report overdue', 'accepted')).toBe('report')
    expect(timelineKind('settled', 'reported')).toBe('settlement')
  })
})

describe('messageEvent', () => {
  const people = new Map([['u1', { name: 'Dev Dealer', clientName: 'Demo Capital' }]])
  const base = {
    id: 1,
    createdAt: new Date('2026-11-26T04:00:00Z'),
    messageType: 'user',
    message: '<b>15 @ 7.0395</b>',
    file: null,
    senderId: 'u1',
  }
  it('keeps what was typed as text and names the sender and firm', () => {
    expect(messageEvent(base, null, people)).toEqual({
      at: '2026-11-26T04:00:00.000Z',
      kind: 'message',
      title: 'Message',
      detail: '<b>15 @ 7.0395</b>',
      actor_name: 'Dev Dealer',
      actor_client_name: 'Demo Capital',
    })
  })
  it('calls the deal message the quote, and shows a file by its name', () => {
    expect(messageEvent(base, 1, people).kind).toBe('quote')
    const file = { ...base, messageType: 'file', message: '', file: { name: 'runs.csv' } }
    expect(messageEvent(file, null, people)).toMatchObject({
      title: 'File shared',
      detail: 'runs.csv',
    })
  })
})

describe('negotiationEvents', () => {
  const entry = {
    at: new Date('2026-11-26T04:00:00Z'),
    quantum: 250_000_000,
    unitPrice: 101.25,
    bondYield: 0.0695,
    fixedField: 'yield',
    note: '<i>firm</i> till 11',
    firstName: 'Bina',
    lastName: 'Broker',
    clientName: 'Demo Securities',
  }
  const thread = {
    dealtAt: new Date('2026-11-26T04:05:00Z'),
    dealPrice: 101.3,
    dealYield: 0.0694,
    dealQuantum: 250_000_000,
    ownerName: 'Demo Capital',
    counterpartyName: 'Demo Securities',
    brokerName: 'Demo Securities',
    firstName: 'Dev',
    lastName: 'Dealer',
    entries: [
      entry,
      {
        ...entry,
        at: new Date('2026-11-26T04:02:00Z'),
        note: null,
        bondYield: null,
        fixedField: 'price',
        firstName: 'Dev',
        lastName: 'Dealer',
        clientName: 'Demo Capital',
      },
    ],
  }
  it('shows each counter-quote by its author and firm, the note as typed, then the deal', () => {
    const events = negotiationEvents(thread)
    expect(events.map((e) => [e.at, e.kind, e.title, e.actor_name, e.actor_client_name])).toEqual([
      [
        '2026-11-26T04:00:00.000Z',
        'negotiation',
        'Counter-quote',
        'Bina Broker',
        'Demo Securities',
      ],
      ['2026-11-26T04:02:00.000Z', 'negotiation', 'Counter-quote', 'Dev Dealer', 'Demo Capital'],
      ['2026-11-26T04:05:00.000Z', 'negotiation', 'Deal agreed', 'Dev Dealer', 'Demo Capital'],
    ])
    expect(events[0]?.detail).toContain('; note: <i>firm</i> till 11')
    expect(events[1]?.detail).not.toContain('note')
    expect(events[2]?.detail).toContain(
      'between Demo Capital and Demo Securities, through Demo Securities',
    )
  })
  it('stops at the counter-quotes while the thread has no deal', () => {
    const open = { ...thread, dealtAt: null, dealPrice: null, dealYield: null, dealQuantum: null }
    expect(negotiationEvents(open).map((e) => e.title)).toEqual(['Counter-quote', 'Counter-quote'])
  })
})

describe('inTimeOrder', () => {
  it('sorts by time and keeps the sources’ order at the same instant', () => {
    const at = (iso: string, title: string) => ({
      at: iso,
      kind: 'ticket' as const,
      title,
      detail: null,
      actor_name: null,
      actor_client_name: null,
    })
    const sorted = inTimeOrder([
      at('2026-11-26T05:00:00.000Z', 'b'),
      at('2026-11-26T04:00:00.000Z', 'a'),
      at('2026-11-26T05:00:00.000Z', 'c'),
    ])
    expect(sorted.map((e) => e.title)).toEqual(['a', 'b', 'c'])
  })
})
