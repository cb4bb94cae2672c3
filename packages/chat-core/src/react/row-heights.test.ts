import { describe, expect, it, vi } from 'vitest'
import { aChannel, aMessage } from '../testing/index.ts'
import { ESTIMATED_ROW, RowHeights, rowShape, ShapeHeights } from './row-heights.ts'
import type { MessageRow } from './rows.ts'

const channel = aChannel('c', 'me', ['bharat'])
const text = (message: string, sender = 'bharat', more = {}): MessageRow => {
  const m = aMessage('c', sender, { message, ...more })
  return { kind: 'message', key: `m-${m.messageId}`, message: m }
}
const WIDE = 1000

describe('row shapes (rows whose height does not depend on their text)', () => {
  it('gives short lines, separators, admin lines and buzzes a shape; mine and theirs apart', () => {
    // A day's first message carries the separator: a shape of its own.
    const first = { ...text('Bid 7.04 for 5 cr'), day: 0 }
    expect(rowShape(first, channel, 'me', WIDE)).toBe('day:text1:theirs')
    expect(rowShape(text('Bid 7.04 for 5 cr'), channel, 'me', WIDE)).toBe('text1:theirs')
    expect(rowShape(text('Bid 7.04 for 5 cr', 'me'), channel, 'me', WIDE)).toBe('text1:mine')
    expect(rowShape(text('6.54 GS 32\n7.18 GS 33'), channel, 'me', WIDE)).toBe('text2:theirs')
    expect(rowShape(text('Bid', 'bharat', { isBrokerToBroker: true }), channel, 'me', WIDE)).toBe(
      'text1:theirs:b2b',
    )
    expect(rowShape(text('Bharat joined', '', { messageType: 'admin' }), channel, 'me', WIDE)).toBe(
      'admin',
    )
    expect(rowShape(text('', 'bharat', { data: '{"type":"buzz"}' }), channel, 'me', WIDE)).toBe(
      'buzz:theirs',
    )
    // A trading group's text messages carry the app's actions.
    const trading = aChannel('t', 'me', ['bharat', 'dev'], { customType: 'trading group' })
    expect(rowShape(text('Bid'), trading, 'me', WIDE)).toBe('text1:theirs:actions')
  })

  it('gives none to rows whose height can vary: long lines, many lines, files, previews, sends', () => {
    // A line that could wrap at this width (a narrow list makes more of them).
    const line = 'x'.repeat(60)
    expect(rowShape(text(line), channel, 'me', 1400)).toBe('text1:theirs')
    expect(rowShape(text(line), channel, 'me', 600)).toBeNull()
    expect(rowShape(text('a\nb\nc\nd\ne'), channel, 'me', WIDE)).toBeNull()
    expect(rowShape(text('', 'bharat', { messageType: 'file' }), channel, 'me', WIDE)).toBeNull()
    const preview = { url: 'https://x.in', title: 'X' }
    expect(
      rowShape(text('https://x.in', 'bharat', { ogMetaData: preview }), channel, 'me', WIDE),
    ).toBeNull()
    expect(
      rowShape(
        {
          kind: 'outgoing',
          key: 'o-1',
          outgoing: {
            reqId: '1',
            channelUrl: 'c',
            state: 'pending',
            preview: 'Bid',
            message: null,
            error: null,
          },
        },
        channel,
        'me',
        WIDE,
      ),
    ).toBeNull()
  })
})

describe('row heights learnt from measured rows', () => {
  it('estimates a row of a known shape at the height most rows of that shape measured', () => {
    const heights = new RowHeights()
    const one = () => 'text1:theirs'
    expect(heights.estimate('m-1', one)).toBe(ESTIMATED_ROW)
    heights.learn('m-1', one, 74)
    heights.learn('m-2', one, 96) // one that wrapped after all
    heights.learn('m-3', one, 74)
    expect(heights.heightOf('text1:theirs')).toBe(74)
    expect(heights.estimate('m-4', one)).toBe(74)
    // A row's second measurement teaches nothing.
    heights.learn('m-2', one, 96)
    heights.learn('m-2', one, 96)
    expect(heights.heightOf('text1:theirs')).toBe(74)
    // Rows without a shape are estimated as before and teach nothing.
    heights.learn('f-1', () => null, 300)
    expect(heights.estimate('f-2', () => null)).toBe(ESTIMATED_ROW)
  })

  it('keeps the estimate a row was first given, so a height learnt later moves no laid-out row', () => {
    const heights = new RowHeights()
    const day = () => 'day:text1:mine'
    expect(heights.estimate('m-1', day)).toBe(ESTIMATED_ROW)
    heights.learn('m-2', day, 110)
    expect(heights.estimate('m-1', day)).toBe(ESTIMATED_ROW)
    expect(heights.estimate('m-3', day)).toBe(110)
  })
})

describe('shape heights shared by the lists of a chat screen', () => {
  it('gives a list opened again the heights and estimates an earlier list had, from its first render', () => {
    const shapes = new ShapeHeights()
    const first = new RowHeights(shapes)
    const one = () => 'text1:mine'
    // Nothing learnt: no shape is worked out.
    const shape = vi.fn(one)
    expect(first.estimate('m-1', shape)).toBe(ESTIMATED_ROW)
    expect(shape).not.toHaveBeenCalled()
    first.learn('m-1', one, 74)
    // A row keeps the estimate it was given; rows met later get the learnt height, in any list.
    const again = new RowHeights(shapes)
    expect(again.estimate('m-1', one)).toBe(ESTIMATED_ROW)
    expect(again.estimate('m-2', one)).toBe(74)
    expect(new RowHeights().estimate('m-3', one)).toBe(ESTIMATED_ROW)
  })
})
