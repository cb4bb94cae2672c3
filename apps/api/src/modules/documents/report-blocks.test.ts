// The PDFs' quote fields and price basis are written by the screen's formatters.
import type { QuoteResponse } from '@bonds/domain'
import { formatPrice, formatRupees, formatYield } from '@bonds/pricing'
import { describe, expect, it } from 'vitest'
import { basisText, quoteFields } from './report-blocks.ts'

const quote = (clean: number, dirty: number): QuoteResponse => ({
  price: { unit_clean_price: clean, bond_yield: 0.0712345, settlement_date: '2026-11-23' },
  accrued_interest: 1.005,
  dirty_price: dirty,
  fixed_field: 'price',
  can_be_priced: true,
  allow_price_modification: true,
})

describe('quote fields', () => {
  it('print 101.23455 as the screen does (101.2346), where toFixed printed 101.2345', () => {
    const fields = Object.fromEntries(quoteFields({ faceValue: 100 }, quote(101.23455, 102.5), 1))
    expect(fields['Clean price']).toBe('101.2346 per ₹100 of face value')
    expect(fields['Clean price']).toBe(`${formatPrice(101.23455)} per ₹100 of face value`)
    expect(fields['Accrued interest']).toBe('1.0050 per ₹100 of face value')
    expect(fields['Yield (YTM)']).toBe(formatYield(0.0712345))
    expect(fields['Yield (YTM)']).toBe('7.1235%')
    expect(fields['Settlement date']).toBe('23-Nov-2026')
  })

  it('write rupees with ₹ and Indian grouping, to the paisa', () => {
    const fields = Object.fromEntries(
      quoteFields({ faceValue: 1_00_000 }, quote(99, 101.23455), 50),
    )
    expect(fields['Face value traded']).toBe('₹50,00,000.00')
    // 50 × 1,00,000 × 101.23455 / 100
    expect(fields['Consideration']).toBe(formatRupees(50_61_727.5))
    expect(fields['Consideration']).toBe('₹50,61,727.50')
    expect(fields['Quantity']).toBe('50 units')
  })

  it('say where the price came from in the same formats', () => {
    expect(basisText({ couponRate: 0.0654 }, quote(101.23455, 102), 'price')).toBe(
      'Yield solved from the clean price given (101.2346).',
    )
    expect(basisText({ couponRate: 0.0654 }, quote(99, 100), 'yield')).toBe(
      'Priced at the yield given (7.1235%).',
    )
  })
})
