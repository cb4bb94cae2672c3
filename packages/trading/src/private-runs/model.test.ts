import { describe, expect, it } from 'vitest'
import { lineRfq, runLine, TWO_WAY } from './fixtures.ts'
import {
  canSendToRfq,
  RunLineMemory,
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

describe('RunLineMemory', () => {
  const cellsOf = (flashes: Map<number, { cells: ReadonlySet<string> }>, id: number) => [
    ...(flashes.get(id)?.cells ?? []),
  ]

  it('names the cells that changed on lines already shown, never new lines', () => {
    const memory = new RunLineMemory()
    const first = memory.read([runLine({ id: 1 }), runLine({ id: 2 })])
    expect(cellsOf(first, 1)).toEqual([])
    const after = memory.read([
      runLine({ id: 1, yield: 0.0711 }),
      runLine({ id: 2, rfq: lineRfq(), status: 'live' }),
      runLine({ id: 9, quantum: 1 }),
    ])
    expect(cellsOf(after, 1)).toEqual(['level'])
    expect(cellsOf(after, 2)).toEqual(['venue'])
    expect(cellsOf(after, 9)).toEqual([])
  })

  it('flashes a price, a size and a status change; a line unchanged has no flash', () => {
    const memory = new RunLineMemory()
    memory.read([runLine({ id: 1 }), runLine({ id: 2 }), runLine({ id: 3 })])
    const after = memory.read([
      runLine({ id: 1, price: 100.25 }),
      runLine({ id: 2, quantum: 1, status: 'dismissed' }),
      runLine({ id: 3 }),
    ])
    expect(cellsOf(after, 1)).toEqual(['level'])
    expect(cellsOf(after, 2)).toEqual(['quantum', 'status'])
    expect(cellsOf(after, 3)).toEqual([])
    expect(after.get(3)?.version).toBe(0)
  })

  it('keeps a line’s flash, the same object, through answers that change other lines', () => {
    const memory = new RunLineMemory()
    const one = runLine({ id: 1 })
    const two = runLine({ id: 2 })
    memory.read([one, two, runLine({ id: 3 })])
    const moved = runLine({ id: 1, quantum: 1 })
    const flash = memory.read([moved, two, runLine({ id: 3 })]).get(1)!
    expect([...flash.cells]).toEqual(['quantum'])
    expect(flash.version).toBe(1)
    // Line 3 dismissed, line 2 refetched as an equal copy: line 1 still flashes its size.
    const later = memory.read([{ ...moved }, { ...two }])
    expect(later.get(1)).toBe(flash)
    expect(later.get(2)?.version).toBe(0)
    // Its next change is a new flash, played again (a new version).
    const again = memory.read([runLine({ id: 1, quantum: 2 }), two]).get(1)!
    expect(again.version).toBe(2)
    expect([...again.cells]).toEqual(['quantum'])
  })

  it('forgets a line gone from the run: back again, it is new', () => {
    const memory = new RunLineMemory()
    memory.read([runLine({ id: 1 })])
    memory.read([])
    expect(memory.read([runLine({ id: 1, quantum: 5 })]).get(1)?.version).toBe(0)
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
