import { describe, expect, it } from 'vitest'
import {
  cashflowRequestSchema,
  EOI_TEXT_LIMITS,
  eoiCreateSchema,
  eoiResponseSchema,
  quoteRequestSchema,
  registrationSchema,
} from './payloads.ts'

describe('EOI create payload', () => {
  it('fills the defaults of spec section 3', () => {
    const eoi = eoiCreateSchema.parse({
      quantum: 50_000_000,
      finstrument_id: 'IN0020210244',
      yield_stored: 0.0712,
    })
    expect(eoi).toMatchObject({ quote_type: 'BID', source: 'WEBSITE', state: 'DEFAULT' })
  })
  it('rejects both settlement date and delta', () => {
    const result = eoiCreateSchema.safeParse({
      quantum: 1_000_000,
      finstrument_id: 1,
      settlement: '2026-11-24',
      settlement_delta: 1,
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Cannot provide both settlement date & delta')
  })
  it('rejects a zero quantum and a yield with more than 6 decimals', () => {
    expect(
      eoiCreateSchema.safeParse({ quantum: 0, finstrument_id: 1 }).error?.issues[0]?.message,
    ).toBe('Cannot be zero')
    expect(
      eoiCreateSchema.safeParse({
        quantum: 1_000_000,
        finstrument_id: 1,
        yield_stored: 0.0712345,
      }).success,
    ).toBe(false)
  })
})

describe('EOI payload bounds (issue 19)', () => {
  const base = { quantum: 1_000_000, finstrument_id: 'IN0020210244' }
  const messagesOf = (payload: object) =>
    eoiCreateSchema.safeParse({ ...base, ...payload }).error?.issues.map((i) => i.message) ?? []

  it('bounds the free text, the ids and the OTO details, each with its message', () => {
    expect(messagesOf({ source: 'x'.repeat(100 * 1024) })).toEqual([
      'Should be at most 32 characters',
    ])
    expect(messagesOf({ rfq_mode: 'x'.repeat(33) })).toEqual(['Should be at most 32 characters'])
    expect(messagesOf({ end_client_id: 'c'.repeat(65) })).toContain(
      'Should be at most 64 characters',
    )
    const big = { blob: 'x'.repeat(EOI_TEXT_LIMITS.otoDetailsBytes) }
    expect(messagesOf({ oto_participant_details: big })).toEqual(['Should be at most 16 KB'])
    expect(messagesOf({ source: 'WHATS\u0000APP' })).toHaveLength(1)
  })

  it('takes what desks send', () => {
    expect(
      eoiCreateSchema.safeParse({
        ...base,
        source: 'WHATSAPP',
        rfq_mode: 'ANONYMOUS',
        clearing_corporation: 'NSCCL',
        oto_participant_details: { name: 'Beta Bank', code: 'NSE123' },
        end_client_id: 'c-beta',
      }).success,
    ).toBe(true)
  })
})

describe('EOI response payload', () => {
  const base = { client_id: 1, finstrumentId: 2, respond_eoi_id: 3, maximum_lot_stored: 1_000_000 }
  it('accepts a price or a yield', () => {
    expect(eoiResponseSchema.safeParse({ ...base, unit_price_stored: 99.5 }).success).toBe(true)
  })
  it('rejects both price and yield', () => {
    const result = eoiResponseSchema.safeParse({
      ...base,
      unit_price_stored: 99.5,
      yield_stored: 0.07,
    })
    expect(result.error?.issues[0]?.message).toBe('Cannot provide both price and yield')
  })
})

describe('price calculation request', () => {
  it('takes a yield and a settlement delta', () => {
    expect(quoteRequestSchema.parse({ bond_yield: 0.0712, settlement_delta: 1 })).toEqual({
      bond_yield: 0.0712,
      settlement_delta: 1,
    })
  })
  it('rejects both price and yield, and both settlement date and delta', () => {
    const both = quoteRequestSchema.safeParse({ bond_yield: 0.07, clean_price: 99 })
    expect(both.error?.issues.map((i) => i.message)).toContain(
      'Cannot provide both price and yield',
    )
    const dates = quoteRequestSchema.safeParse({
      clean_price: 99,
      settlement_date: '2026-11-24',
      settlement_delta: 1,
    })
    expect(dates.error?.issues.map((i) => i.message)).toContain(
      'Cannot provide both settlement date & delta',
    )
  })
  it('needs a price or a yield', () => {
    expect(quoteRequestSchema.safeParse({ settlement_delta: 1 }).error?.issues[0]?.message).toBe(
      'Provide a price or a yield',
    )
  })
})

describe('other payloads', () => {
  it('cash flows need a positive quantity', () => {
    expect(cashflowRequestSchema.safeParse({ quantity: 0 }).error?.issues[0]?.message).toBe(
      'Cannot be zero',
    )
    expect(cashflowRequestSchema.safeParse({ quantity: 100, ref_date: '2026-11-22' }).success).toBe(
      true,
    )
  })
  it('registration checks PAN, names and contact', () => {
    const valid = {
      pan: 'ABCDE1234F',
      identity: { first_name: 'Asha', last_name: 'Rao' },
      client_type: 'INDV',
      category: 'HNI',
      corporate_identity: null,
      contact: { email: 'asha@demo.test', mobile: '9876543210' },
    }
    expect(registrationSchema.parse(valid).contact.whatsapp_consent).toBe(false)
    const bad = registrationSchema.safeParse({
      ...valid,
      pan: 'bad',
      contact: { email: 'x', mobile: '1' },
    })
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Please enter a valid PAN (10 Digits).',
      'Please enter a valid email address.',
      'Please enter a valid Phone number.',
    ])
  })
})
