import { describe, expect, it } from 'vitest'
import { aChannel, aMember, aMessage } from '../testing/index.ts'
import { chatDay, chatTime, dayLabel } from './format.ts'
import { messageRows, olderPrefetchDistance, receiptOf } from './rows.ts'

const at = (iso: string) => Date.parse(iso)

describe('message rows', () => {
  it('puts a day separator (India time) before each day’s first message, then my pending sends', () => {
    const late = aMessage('c', 'b', { messageId: 1, createdAt: at('2026-11-24T18:00:00Z') })
    const next = aMessage('c', 'b', { messageId: 2, createdAt: at('2026-11-24T18:40:00Z') })
    const mine = aMessage('c', 'me', {
      messageId: 3,
      reqId: 'r-1',
      createdAt: at('2026-11-25T04:00:00Z'),
    })
    const rows = messageRows(
      [late, next, mine],
      [
        {
          reqId: 'r-1',
          channelUrl: 'c',
          state: 'succeeded',
          preview: 'x',
          message: mine,
          error: null,
        },
        {
          reqId: 'r-2',
          channelUrl: 'c',
          state: 'pending',
          preview: 'Bid',
          message: null,
          error: null,
        },
      ],
    )
    // 18:00 UTC is 23:30 IST on the 24th; 18:40 UTC is 00:10 IST on the 25th.
    expect(rows.map((row) => row.key)).toEqual(['m-1', 'm-2', 'm-3', 'o-r-2'])
    // Each day's first message carries its day's separator (a row of its own would keep its key at
    // the top when older messages of the same day come in, and the view would be kept by it).
    expect(rows.map((row) => (row.kind === 'message' ? row.day : undefined))).toEqual([
      late.createdAt,
      next.createdAt,
      undefined,
      undefined,
    ])
    expect(chatDay(late.createdAt)).toBe('24-Nov-2026')
    expect(chatTime(next.createdAt)).toBe('00:10')
    expect(dayLabel(next.createdAt, at('2026-11-25T10:00:00Z'))).toBe('Today')
    expect(dayLabel(late.createdAt, at('2026-11-25T10:00:00Z'))).toBe('Yesterday')
    expect(dayLabel(late.createdAt, at('2026-12-25T10:00:00Z'))).toBe('24-Nov-2026')
  })
})

describe('receipts', () => {
  it('read when every other joined member read it, delivered when all have it, else sent', () => {
    const message = aMessage('c', 'me', { messageId: 10 })
    const channel = (
      b: [number, number],
      c: [number, number],
      cState: 'joined' | 'invited' = 'joined',
    ) =>
      aChannel('c', 'me', [], {
        members: [
          aMember('me'),
          aMember('b', { lastReadMessageId: b[0], lastDeliveredMessageId: b[1] }),
          aMember('c', { lastReadMessageId: c[0], lastDeliveredMessageId: c[1], state: cState }),
        ],
      })
    expect(receiptOf(channel([10, 10], [12, 12]), message, 'me')).toBe('read')
    expect(receiptOf(channel([10, 10], [9, 10]), message, 'me')).toBe('delivered')
    expect(receiptOf(channel([10, 10], [0, 0]), message, 'me')).toBe('sent')
    expect(receiptOf(channel([10, 10], [0, 0], 'invited'), message, 'me')).toBe('read')
  })
})

describe('India days and times by arithmetic', () => {
  it('agree with Intl’s Asia/Kolkata across years, midnights and leap days', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: 'numeric',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    const start = Date.parse('2023-12-31T18:00:00Z')
    for (let i = 0; i < 400; i += 1) {
      // Every 3 days 17 min 11 s: through each hour of the day and both sides of midnight IST.
      const ms = start + i * (3 * 86_400_000 + 17 * 60_000 + 11_000)
      const p = Object.fromEntries(intl.formatToParts(ms).map((x) => [x.type, x.value]))
      const month = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[
        Number(p.month) - 1
      ]
      expect(chatDay(ms)).toBe(`${p.day}-${month}-${p.year}`)
      expect(chatTime(ms)).toBe(`${p.hour}:${p.minute}`)
    }
    expect(chatDay(Date.parse('2028-02-28T18:30:00Z'))).toBe('29-Feb-2028')
    expect(chatTime(Date.parse('2028-02-28T18:29:59Z'))).toBe('23:59')
  })
})

describe('older pages', () => {
  it('asks for the next older page three screens before the top', () => {
    expect(olderPrefetchDistance(700)).toBe(2100)
    expect(olderPrefetchDistance(0)).toBe(600)
  })
})
