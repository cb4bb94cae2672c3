import { describe, expect, it } from 'vitest'
import { lineRfq, runLine, TWO_WAY } from './fixtures.ts'
import { canSendToRfq, changedCells, runRows, settlementWord, venueWords } from './model.ts'

describe('runRows', () => {
  it('puts each message’s heading before its quotes, in the server’s order', () => {
    expect(runRows(TWO_WAY).map((r) => r.key)).toEqual(['m41', 'l1', 'l2', 'm40', 'l3'])
    const heading = runRows(TWO_WAY)[0]!
    expect(heading).toMatchObject({ kind: 'message', count: 2 })
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
})

describe('words', () => {
  it('says settlement and the venue’s state', () => {
    expect(settlementWord(null)).toBe('—')
    expect(settlementWord(1)).toBe('T+1')
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
  })
})
