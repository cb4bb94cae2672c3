import { describe, expect, it } from 'vitest'
import { makePosition, POSITIONS } from '../testing/factory.ts'
import { changedCells, gridRows, regridRows, type Sort, windowOf } from './book.ts'
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

  it('keeps the order after a tick that moved values only, and sorts again otherwise', () => {
    const byName: Sort = { key: 'display_name', direction: 'ascending' }
    const last = { positions: POSITIONS, sort: byName, rows: gridRows(POSITIONS, byName) }
    expect(regridRows(last, [...POSITIONS], byName)).toBe(last.rows)
    const moved = makePosition({ market_value: 50_00_00_000, unrealised_pnl: 1 })
    const ticked = [moved, ...POSITIONS.slice(1)]
    const rows = regridRows(last, ticked, byName)
    expect(rows).toEqual(gridRows(ticked, byName))
    // The other book's rows are the same objects.
    expect(rows[3]).toBe(last.rows[3])
    expect(rows[4]).toBe(last.rows[4])
    // A move in the sorted column, a new position or another sort: sorted again.
    const byValue: Sort = { key: 'market_value', direction: 'ascending' }
    const lastByValue = { positions: POSITIONS, sort: byValue, rows: gridRows(POSITIONS, byValue) }
    const cheap = [makePosition({ market_value: 1 }), ...POSITIONS.slice(1)]
    expect(regridRows(lastByValue, cheap, byValue)).toEqual(gridRows(cheap, byValue))
    expect(regridRows(lastByValue, cheap, byValue)[1]).toMatchObject({
      kind: 'position',
      position: { market_value: 1 },
    })
    const renamed = [makePosition({ book: 'AFS' }), ...POSITIONS.slice(1)]
    expect(regridRows(last, renamed, byName)).toEqual(gridRows(renamed, byName))
    expect(regridRows(last, POSITIONS.slice(1), byName)).toEqual(
      gridRows(POSITIONS.slice(1), byName),
    )
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
    // A patched book (rows at their places): only new rows are compared; reordered: by key.
    const book = [...POSITIONS]
    const ticked = [POSITIONS[0]!, makePosition({ ...POSITIONS[1]!, yield: 0.08 }), POSITIONS[2]!]
    expect([...changedCells(book, ticked).keys()]).toEqual(['Trading|IN1920210359|yield'])
    expect([...changedCells(book, [...ticked].reverse()).keys()]).toEqual([
      'Trading|IN1920210359|yield',
    ])
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
