import { describe, expect, it } from 'vitest'
import {
  croresToRupees,
  emptyDraft,
  percentToFraction,
  quotePayload,
  typedNumber,
} from './quote-payload.ts'

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

  it('settles T+0 and T+2 by delta, and sends no validity for "until the close"', () => {
    const draft = { finstrumentId: 'IN0020230085', level: 7.12, crores: 1 }
    const t0 = quotePayload(emptyDraft({ ...draft, settlement: '0' })).payload
    expect(t0).toMatchObject({ settlement_delta: 0 })
    expect(t0).not.toHaveProperty('validity')
    expect(quotePayload(emptyDraft({ ...draft, settlement: '2' })).payload).toMatchObject({
      settlement_delta: 2,
    })
  })

  it('asks for the price when the price is fixed, and for a date when settling on one', () => {
    expect(
      quotePayload(
        emptyDraft({ finstrumentId: 'X', fixedField: 'price', crores: 1, settlement: 'date' }),
      ).errors,
    ).toEqual({
      unit_price_stored: 'Price is required',
      settlement: 'Settlement date is required',
    })
    // Everything typed but the date: the date alone stops it.
    expect(
      quotePayload(emptyDraft({ finstrumentId: 'X', level: 7, crores: 1, settlement: 'date' }))
        .errors,
    ).toEqual({ settlement: 'Settlement date is required' })
    expect(quotePayload(emptyDraft({ level: 7, crores: 1 })).errors).toEqual({
      finstrument_id: 'Choose a bond',
    })
  })

  it('reads a typed number: text as typed, Indian grouping, nothing for empty or not a number', () => {
    expect(typedNumber(7.12)).toBe(7.12)
    expect(typedNumber('7.')).toBe(7)
    expect(typedNumber(' 25 ')).toBe(25)
    expect(typedNumber('1,00,000')).toBe(100000)
    expect(typedNumber('')).toBeNull()
    expect(typedNumber('   ')).toBeNull()
    expect(typedNumber(null)).toBeNull()
    expect(typedNumber(undefined)).toBeNull()
    expect(typedNumber('7.1x')).toBeNull()
    expect(typedNumber(Number.NaN)).toBeNull()
    expect(typedNumber(Number.POSITIVE_INFINITY)).toBeNull()
    expect(typedNumber('Infinity')).toBeNull()
  })

  it('turns crores into whole rupees', () => {
    expect(croresToRupees(25)).toBe(25_00_00_000)
    expect(croresToRupees(0.123456789)).toBe(12_34_568)
  })

  it('rounds a percent to the stored six decimals', () => {
    expect(percentToFraction(7.1234)).toBe(0.071234)
    expect(percentToFraction(6.54)).toBe(0.0654)
  })
})

describe('quotePayload: a price override', () => {
  const base = { finstrumentId: 'IN0020230085', crores: 5, overridden: true } as const

  it('sends the price and the yield as typed, with price_overridden', () => {
    const byPrice = quotePayload(
      emptyDraft({ ...base, fixedField: 'price', level: 97.5, otherLevel: 7.12 }),
    )
    expect(byPrice.payload).toMatchObject({
      fixed_field: 'price',
      unit_price_stored: 97.5,
      yield_stored: 0.0712,
      price_overridden: true,
    })
    const byYield = quotePayload(emptyDraft({ ...base, level: 7.12, otherLevel: '97.5' }))
    expect(byYield.payload).toMatchObject({
      fixed_field: 'yield',
      yield_stored: 0.0712,
      unit_price_stored: 97.5,
      price_overridden: true,
    })
  })

  it('needs both numbers, with the server’s message on the missing one', () => {
    expect(quotePayload(emptyDraft({ ...base, level: 7.12 })).errors).toEqual({
      unit_price_stored: 'An overridden price needs both a price and a yield',
    })
    expect(quotePayload(emptyDraft({ ...base, fixedField: 'price', level: 97.5 })).errors).toEqual({
      yield_stored: 'An overridden price needs both a price and a yield',
    })
  })

  it('sends no override when it is off', () => {
    const plain = quotePayload(
      emptyDraft({ ...base, overridden: false, level: 7.12, otherLevel: 97 }),
    )
    expect(plain.payload).not.toHaveProperty('unit_price_stored')
    expect(plain.payload?.price_overridden).toBe(false)
  })
})
