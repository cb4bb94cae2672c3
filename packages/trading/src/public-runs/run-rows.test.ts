import { describe, expect, it } from 'vitest'
import { makeRun } from '../testing/rfq-factory.ts'
import { RunMemory, sortPublicRuns } from './run-rows.ts'

const level = (price: number, quantum = 10_00_00_000) => ({
  unit_price_stored: price,
  yield_stored: 0.07,
  quantum,
  settlement_date: '2026-11-30',
})

describe('RunMemory', () => {
  it('flashes the sides that moved, up or down, by price and else by size', () => {
    const memory = new RunMemory()
    expect(memory.moves(makeRun({ bid: level(100), ask: level(101) }))).toEqual({ tick: 0 })
    expect(memory.moves(makeRun({ bid: level(100.1), ask: level(100.9) }))).toEqual({
      bid: 'up',
      ask: 'down',
      tick: 1,
    })
    expect(memory.moves(makeRun({ bid: level(100.1, 5_00_00_000), ask: level(100.9) }))).toEqual({
      bid: 'down',
      tick: 0,
    })
  })

  it('keeps a flash through a refetch with the same levels, and never flashes a side that came or went', () => {
    const memory = new RunMemory()
    memory.moves(makeRun({ bid: level(100), ask: null }))
    const moved = memory.moves(makeRun({ bid: level(100.2), ask: null }))
    expect(memory.moves(makeRun({ bid: level(100.2), ask: null }))).toBe(moved)
    expect(memory.moves(makeRun({ bid: null, ask: level(101) }))).toEqual({ tick: 0 })
  })
})

describe('sortPublicRuns', () => {
  const runs = [
    makeRun({ finstrument_id: 'A', display_name: '7.18% GS 2033', bid: level(100) }),
    makeRun({ finstrument_id: 'B', display_name: '6.54% GS 2032', bid: null }),
    makeRun({ finstrument_id: 'C', display_name: '7.26% GS 2034', bid: level(99) }),
  ]
  const ids = (sort: Parameters<typeof sortPublicRuns>[1]) =>
    sortPublicRuns(runs, sort).map((run) => run.finstrument_id)

  it('sorts by bond or by a side’s price, a side without a level last either way', () => {
    expect(ids({ column: 'bond', direction: 'asc' })).toEqual(['B', 'A', 'C'])
    expect(ids({ column: 'bond', direction: 'desc' })).toEqual(['C', 'A', 'B'])
    expect(ids({ column: 'bid', direction: 'asc' })).toEqual(['C', 'A', 'B'])
    expect(ids({ column: 'bid', direction: 'desc' })).toEqual(['A', 'C', 'B'])
  })
})
