import { describe, expect, it } from 'vitest'
import { emptyDraft, percentToFraction, quotePayload } from './quote-payload.ts'

describe('quotePayload', () => {
  it('sends a yield as a fraction, crores as rupees, a delta or a date, never both', () => {
    const byYield = quotePayload(
      emptyDraft({ finstrumentId: 'IN0020230085', level: 7.12, crores: 25, validityMinutes: 15 }),
    )
    expect(byYield.payload).toMatchObject({
      finstrument_id: 'IN0020230085',
      quote_type: 'ASK',
      fixed_field: 'yield',
      yield_stored: 0.0712,
      quantum: 25_00_00_000,
      settlement_delta: 1,
      validity: 15,
    })
    expect(byYield.payload).not.toHaveProperty('settlement')
    const byPrice = quotePayload(
      emptyDraft({
        finstrumentId: 'IN0020230085',
        side: 'BID',
        fixedField: 'price',
        level: 100.25,
        crores: 0.5,
        settlement: 'date',
        date: '2026-12-01',
      }),
    )
    expect(byPrice.payload).toMatchObject({
      unit_price_stored: 100.25,
      settlement: '2026-12-01',
      quantum: 50_00_000,
    })
    expect(byPrice.payload).not.toHaveProperty('settlement_delta')
    expect(byPrice.payload).not.toHaveProperty('yield_stored')
  })

  it('names what is missing, and what the domain schema refuses, by field', () => {
    expect(quotePayload(emptyDraft()).errors).toEqual({
      finstrument_id: 'Choose a bond',
      yield_stored: 'Yield is required',
      quantum: 'Quantum is required',
    })
    const tiny = quotePayload(emptyDraft({ finstrumentId: 'X', level: 7, crores: 0.001 }))
    expect(tiny.errors?.quantum).toBe('Quantum should be at least ₹1,00,000 (1 lakh)')
    const high = quotePayload(emptyDraft({ finstrumentId: 'X', level: 150, crores: 1 }))
    expect(high.errors?.yield_stored).toBe('Yield above 100%')
  })

  it('rounds a percent to the stored six decimals', () => {
    expect(percentToFraction(7.1234)).toBe(0.071234)
    expect(percentToFraction(6.54)).toBe(0.0654)
  })
})
