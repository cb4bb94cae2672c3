import type { MarketDepth } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { changeLabel, depthSummary, ladderRows } from './depth-rows.ts'

const level = (price: number, quantum: number, bondYield: number | null = 0.065, mine = 0) => ({
  unit_clean_price: price,
  bond_yield: bondYield,
  settlement_date: '2026-11-26',
  quantum,
  quotes: 1,
  mine,
})

const depth = (
  bids: ReturnType<typeof level>[],
  asks: ReturnType<typeof level>[],
): MarketDepth => ({
  finstrument_id: 'IN0020210244',
  isin: 'IN0020210244',
  display_name: '6.54% GS 2032',
  bids,
  asks,
  as_of: '2026-11-25T10:00:00.000Z',
})

describe('the ladder', () => {
  it('pairs bids and offers by depth, best first, with nothing changed on the first answer', () => {
    const rows = ladderRows(depth([level(99.5, 5e7), level(99.4, 1e8)], [level(99.6, 5e7)]), null)
    expect(rows.map((r) => [r.index, r.bid?.unit_clean_price, r.ask?.unit_clean_price])).toEqual([
      [0, 99.5, 99.6],
      [1, 99.4, undefined],
    ])
    expect(rows.every((r) => r.bidChange === null && r.askChange === null)).toBe(true)
    expect(ladderRows(depth([], []), null)).toEqual([])
  })

  it('says how a level’s size changed: grew or shrank from its size before, or is new', () => {
    const before = depth([level(99.5, 5e7), level(99.4, 1e8)], [level(99.6, 5e7)])
    const after = depth([level(99.5, 7e7), level(99.4, 1e8)], [level(99.55, 2e7), level(99.6, 4e7)])
    const rows = ladderRows(after, before)
    expect(rows.map((r) => [r.bidChange, r.askChange])).toEqual([
      [
        { move: 'up', from: 5e7, to: 7e7 },
        { move: 'new', from: null, to: 2e7 },
      ],
      [null, { move: 'down', from: 5e7, to: 4e7 }],
    ])
  })

  it('matches a level by price and settlement, not by its row', () => {
    const before = depth([level(99.5, 5e7)], [level(99.6, 5e7)])
    const other = { ...level(99.6, 5e7), settlement_date: '2026-11-27' }
    // Same price and size on another settlement date is another level; the bids' 99.6 is not an ask.
    const rows = ladderRows(depth([level(99.6, 5e7), level(99.5, 5e7)], [other]), before)
    expect(rows.map((r) => [r.bidChange?.move ?? null, r.askChange?.move ?? null])).toEqual([
      ['new', 'new'],
      [null, null],
    ])
  })

  it('labels a change with its amount and the size it moved from', () => {
    const crore = (q: number) => `₹${q / 1e7} cr`
    expect(changeLabel({ move: 'up', from: 5e7, to: 7e7 }, crore)).toBe('up ₹2 cr from ₹5 cr')
    expect(changeLabel({ move: 'down', from: 5e7, to: 4e7 }, crore)).toBe('down ₹1 cr from ₹5 cr')
    expect(changeLabel({ move: 'new', from: null, to: 2e7 }, crore)).toBe('new level')
  })

  it('says the best of each side in words, price only where the bond has no yield', () => {
    const format = {
      yield: (f: number) => `${(f * 100).toFixed(4)}%`,
      price: (p: number) => p.toFixed(4),
      quantum: (q: number) => `₹${q / 1e7} cr`,
    }
    expect(depthSummary(depth([level(99.5, 5e7)], [level(99.6, 1e7, null)]), format)).toBe(
      '6.54% GS 2032: Best bid 6.5000% for ₹5 cr; Best offer price 99.6000 for ₹1 cr.',
    )
    expect(depthSummary(depth([], []), format)).toBe('6.54% GS 2032: no best bid; no best offer.')
  })
})
