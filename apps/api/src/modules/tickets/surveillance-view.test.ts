// The reconstruction's pure parts: which kind a timeline entry is, how a message reads, the order.
import { describe, expect, it } from 'vitest'
import { inTimeOrder, messageEvent, timelineKind } from './surveillance-view.ts'

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
