import { describe, expect, it } from 'vitest'
import { makePosition, POSITIONS } from '../testing/factory.ts'
import { changedCells, gridRows, windowOf } from './book.ts'
import { inventoryCsv } from './export.ts'
import { parseAmount } from '../book/external-trade-form.tsx'

describe('the grid', () => {
  it('groups by book (each with its total) and sorts within each', () => {
    const rows = gridRows(POSITIONS, { key: 'market_value', direction: 'descending' })
    expect(rows.map((r) => (r.kind === 'book' ? `# ${r.book}` : r.position.isin))).toEqual([
      '# Trading',
      'IN0020210244',
      'IN1920210359',
      '# Treasury',
      'INE040A08807',
    ])
    expect(rows[0]).toMatchObject({ kind: 'book', count: 2, marketValue: 64_75_18_067.89 })
  })

  it('renders only the window in view (and a few rows each side)', () => {
    expect(windowOf(5000, { scrollTop: 3000, height: 540, rowHeight: 30, overscan: 8 })).toEqual({
      start: 92,
      end: 126,
    })
    expect(windowOf(10, { scrollTop: 0, height: 540, rowHeight: 30 })).toEqual({
      start: 0,
      end: 10,
    })
  })

  it('finds the valued cells that moved, and which way', () => {
    const before = [makePosition()]
    const after = [makePosition({ market_clean_price: 98.5, yield: 0.068, market_value: 1 })]
    expect([...changedCells(before, after)]).toEqual([
      ['Trading|IN0020210244|market_clean_price', 'up'],
      ['Trading|IN0020210244|market_value', 'down'],
      ['Trading|IN0020210244|yield', 'down'],
    ])
    expect(changedCells(undefined, after).size).toBe(0)
  })
})

describe('export and input', () => {
  it('writes CSV with amounts as plain numbers and text that cannot run as a formula', () => {
    const csv = inventoryCsv([makePosition({ book: '=HYPERLINK("x")' })])
    const [header, row] = csv.split('\r\n')
    expect(header).toMatch(/^Book,ISIN,Bond,/)
    expect(row).toMatch(/^"'=HYPERLINK\(""x""\)",IN0020210244,6.54% GS 2032,/)
    expect(row).toContain(',500000000,')
  })

  it('reads a face value typed with Indian grouping', () => {
    expect(parseAmount('5,00,00,000')).toBe(50_000_000)
    expect(parseAmount('5 cr')).toBeNaN()
  })
})
