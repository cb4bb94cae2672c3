import { bookTotals } from '@bonds/pricing'
import { describe, expect, it } from 'vitest'
import { makeBook, makePosition, POSITIONS } from '../testing/factory.ts'
import { patchBook } from './patch.ts'

const GS = 'IN0020210244'
const HDFC = 'INE040A08807'

describe('patchBook', () => {
  it('puts the moved positions in place of their rows and totals the book from the rows', () => {
    const book = makeBook()
    const moved = makePosition({
      market_clean_price: 98.6,
      market_value: 49_40_00_000,
      yield: 0.068,
    })
    const patched = patchBook(book, makeBook([moved]), new Set([GS]))!
    expect(patched.results).toEqual([moved, POSITIONS[1], POSITIONS[2]])
    // Rows of other bonds are the same objects (nothing to render or compare again).
    expect(patched.results[1]).toBe(book.results[1])
    expect(patched.results[2]).toBe(book.results[2])
    expect(patched.totals).toEqual(bookTotals(patched.results))
    expect(patched.totals.market_value).toBe(
      (49_40_00_000 * 100 + 15_40_00_000 * 100 + 5_12_00_000 * 100) / 100,
    )
    expect(patched).toMatchObject({ count: 3, today: book.today })
  })

  it('answers the same book when nothing the tick asked about changed', () => {
    const book = makeBook()
    const same = makeBook([{ ...POSITIONS[0]! }, { ...POSITIONS[2]! }])
    expect(patchBook(book, same, new Set([GS, HDFC]))).toBe(book)
  })

  it('asks for the whole book when the positions of those bonds are not the same any more', () => {
    const book = makeBook()
    // The server no longer holds the G-sec in Trading (sold from another screen).
    expect(patchBook(book, makeBook([]), new Set([GS]))).toBeNull()
    // A new position of the bond, in a book the page does not show.
    const elsewhere = makePosition({ book: 'AFS' })
    expect(patchBook(book, makeBook([POSITIONS[0]!, elsewhere]), new Set([GS]))).toBeNull()
    // A new day, or an answer of more than one page.
    expect(
      patchBook(book, makeBook([POSITIONS[0]!], { today: '2026-11-28' }), new Set([GS])),
    ).toBeNull()
    expect(patchBook(book, makeBook([POSITIONS[0]!], { count: 600 }), new Set([GS]))).toBeNull()
    // A book the page holds only part of is read again whole.
    expect(
      patchBook(makeBook(POSITIONS, { count: 4 }), makeBook([POSITIONS[0]!]), new Set([GS])),
    ).toBeNull()
  })
})
