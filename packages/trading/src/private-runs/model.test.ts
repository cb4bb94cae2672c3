import { describe, expect, it } from 'vitest'
import { lineRfq, runLine, TWO_WAY } from './fixtures.ts'
import {
  canSendToRfq,
  changedCells,
  runRows,
  settlementWord,
  sortedRunRows,
  sideWord,
  venueWords,
} from './model.ts'

describe('runRows', () => {
  it('puts each message’s heading before its quotes, in the server’s order', () => {
    expect(runRows(TWO_WAY).map((r) => r.key)).toEqual(['m41', 'l1', 'l2', 'm40', 'l3'])
    const heading = runRows(TWO_WAY)[0]!
    expect(heading).toMatchObject({ kind: 'message', count: 2 })
    const rows = runRows([runLine({ id: 5, message_id: 7 }), runLine({ id: 6, message_id: 7 })])
    expect(rows[0]).toMatchObject({ kind: 'message', key: 'm7', count: 2, first: { id: 5 } })
    expect(rows.slice(1).map((r) => (r.kind === 'line' ? r.line.id : null))).toEqual([5, 6])
    expect(runRows([])).toEqual([])
  })
})

describe('sortedRunRows', () => {
  const keys = (rows: ReturnType<typeof sortedRunRows>) => rows.map((r) => r.key)

  it('sorts the lines by a column, a heading before each message’s run of lines', () => {
    expect(keys(sortedRunRows(TWO_WAY, { column: 'yield', direction: 'asc' }))).toEqual([
      'm41-l2',
      'l2',
      'l1',
      'm40-l3',
      'l3',
    ])
    const down = sortedRunRows(TWO_WAY, { column: 'yield', direction: 'desc' })
    expect(keys(down)).toEqual(['m40-l3', 'l3', 'm41-l1', 'l1', 'l2'])
    expect(down[2]).toMatchObject({ kind: 'message', count: 2, first: { id: 1 } })
    expect(keys(sortedRunRows(TWO_WAY, { column: 'quantum', direction: 'asc' }))).toEqual([
      'm40-l3',
      'l3',
      'm41-l1',
      'l1',
      'l2',
    ])
  })

  it('puts lines without the number last either way, ties in the server’s order', () => {
    const lines = [
      runLine({ id: 1, price: null }),
      runLine({ id: 2, price: 99.5 }),
      runLine({ id: 3, price: 101 }),
      runLine({ id: 4, price: 99.5 }),
    ]
    const ids = (sort: Parameters<typeof sortedRunRows>[1]) =>
      sortedRunRows(lines, sort).flatMap((r) => (r.kind === 'line' ? [r.line.id] : []))
    expect(ids({ column: 'price', direction: 'asc' })).toEqual([2, 4, 3, 1])
    expect(ids({ column: 'price', direction: 'desc' })).toEqual([3, 2, 4, 1])
    expect(ids({ column: 'bond', direction: 'asc' })).toEqual([1, 2, 3, 4])
  })

  it('without a sort groups every message’s lines, newest message first', () => {
    expect(sortedRunRows(TWO_WAY, null)).toEqual(runRows(TWO_WAY))
  })
})

describe('changedCells', () => {
  it('names the cells that changed on lines already shown, never new lines', () => {
    const before = [runLine({ id: 1 }), runLine({ id: 2 })]
    const after = [
      runLine({ id: 1, yield: 0.0711 }),
      runLine({ id: 2, rfq: lineRfq(), status: 'live' }),
      runLine({ id: 9, quantum: 1 }),
    ]
    const changes = changedCells(before, after)
    expect([...changes.get(1)!]).toEqual(['level'])
    expect([...changes.get(2)!]).toEqual(['venue'])
    expect(changes.has(9)).toBe(false)
    expect(changedCells(undefined, after).size).toBe(0)
  })

  it('flashes a price, a size and a status change; a line unchanged is not listed', () => {
    const before = [runLine({ id: 1 }), runLine({ id: 2 }), runLine({ id: 3 })]
    const after = [
      runLine({ id: 1, price: 100.25 }),
      runLine({ id: 2, quantum: 1, status: 'dismissed' }),
      runLine({ id: 3 }),
    ]
    const changes = changedCells(before, after)
    expect([...changes.get(1)!]).toEqual(['level'])
    expect([...changes.get(2)!]).toEqual(['quantum', 'status'])
    expect(changes.has(3)).toBe(false)
  })
})

describe('words', () => {
  it('says settlement and the venue’s state', () => {
    expect(settlementWord(null)).toBe('—')
    expect(settlementWord(1)).toBe('T+1')
    expect(settlementWord(0)).toBe('T+0')
    expect(sideWord({ quote_type: 'BID' })).toBe('Bid')
    expect(sideWord({ quote_type: 'ASK' })).toBe('Offer')
    expect(venueWords(lineRfq())).toBe('NSE RFQ · Initiated')
    expect(venueWords(lineRfq({ state: 'negotiating' }))).toBe('NSE RFQ · Negotiating')
    expect(venueWords(null)).toBeNull()
    expect(venueWords(lineRfq({ exchange: 'BSE', state: 'dealt' }))).toBe('BSE RFQ · Deal')
  })
})

describe('canSendToRfq', () => {
  it('needs a live line with bond, level and size, not on the exchange yet', () => {
    expect(canSendToRfq(runLine())).toBe(true)
    expect(canSendToRfq(runLine({ status: 'pending' }))).toBe(false)
    expect(canSendToRfq(runLine({ quantum: null }))).toBe(false)
    expect(canSendToRfq(runLine({ finstrument_id: null }))).toBe(false)
    expect(canSendToRfq(runLine({ yield: null, price: null }))).toBe(false)
    expect(canSendToRfq(runLine({ rfq: lineRfq() }))).toBe(false)
    expect(canSendToRfq(runLine({ rfq: lineRfq({ state: 'cancelled' }) }))).toBe(true)
    // A level in price alone is a level.
    expect(canSendToRfq(runLine({ yield: null, price: 100.25 }))).toBe(true)
  })
})
