import { describe, expect, it } from 'vitest'
import { emptyRfqDraft, formErrors, rfqPayload, type RfqDraft } from './new-rfq-payload.ts'

const filled = (patch: Partial<RfqDraft> = {}): RfqDraft => ({
  ...emptyRfqDraft(['NSE', 'BSE']),
  finstrumentId: 'in0020230085',
  level: '7.12',
  crores: '25',
  counterparties: ['c-pia', 'c-quinn'],
  ...patch,
})

describe('rfqPayload', () => {
  it('says what is missing, by the API’s field names, and sends nothing', () => {
    expect(rfqPayload(emptyRfqDraft(['BSE']))).toEqual({
      errors: {
        finstrument_id: 'Choose a bond',
        yield: 'Give a yield or a price',
        quantum: 'Quantum is required',
        counterparty_client_ids: 'Name at least one counterparty',
      },
    })
    expect(rfqPayload(emptyRfqDraft([])).errors?.exchange).toBe(
      'Your firm trades on no RFQ exchange',
    )
    expect(rfqPayload(filled({ fixedField: 'price', level: '0' })).errors).toEqual({
      price: 'Give a yield or a price',
    })
  })

  it('sends a yield in percent as the fraction, crores as rupees, T+0 or T+1, the firms once', () => {
    expect(rfqPayload(filled({ settlement: '0' }))).toEqual({
      payload: {
        exchange: 'NSE',
        finstrument_id: 'IN0020230085',
        quote_type: 'BID',
        quantum: 25_00_00_000,
        yield: 0.0712,
        settlement_delta: 0,
        counterparty_client_ids: ['c-pia', 'c-quinn'],
      },
    })
    expect(
      rfqPayload(filled({ side: 'ASK', fixedField: 'price', level: 99.5, crores: 0.5 })).payload,
    ).toMatchObject({ quote_type: 'ASK', price: 99.5, quantum: 50_00_000, settlement_delta: 1 })
    expect(rfqPayload(filled()).payload).not.toHaveProperty('price')
  })

  it('refuses more than ten firms, a firm twice, and a price off the tick, with the server’s words', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `c-${i}`)
    expect(rfqPayload(filled({ counterparties: eleven })).errors).toEqual({
      counterparty_client_ids: 'At most 10 counterparties',
    })
    expect(rfqPayload(filled({ counterparties: ['c-pia', 'c-pia'] })).errors).toEqual({
      counterparty_client_ids: 'Each counterparty once',
    })
    expect(
      rfqPayload(filled({ fixedField: 'price', level: '99.12345' })).errors?.price,
    ).toBeDefined()
  })

  it('says every missing thing at once, too many firms among them', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `c-${i}`)
    expect(rfqPayload(filled({ finstrumentId: null, counterparties: eleven })).errors).toEqual({
      finstrument_id: 'Choose a bond',
      counterparty_client_ids: 'At most 10 counterparties',
    })
  })

  it('takes exactly ten firms, and no size or level of zero or below', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `c-${i}`)
    expect(rfqPayload(filled({ counterparties: ten })).payload?.counterparty_client_ids).toEqual(
      ten,
    )
    expect(rfqPayload(filled({ crores: '0' })).errors).toEqual({
      quantum: 'Quantum is required',
    })
    expect(rfqPayload(filled({ crores: -1 })).errors).toEqual({ quantum: 'Quantum is required' })
    expect(rfqPayload(filled({ level: '-7' })).errors).toEqual({
      yield: 'Give a yield or a price',
    })
    expect(rfqPayload(filled({ crores: null })).errors).toEqual({
      quantum: 'Quantum is required',
    })
  })
})

describe('formErrors', () => {
  it('puts an item’s message on its list and the venue’s settlement date on the settlement', () => {
    expect(
      formErrors({
        'counterparty_client_ids.1': 'Too long',
        settlement_date: 'NSE RFQ settles on business days only',
        quantum: 'NSE RFQ takes at least ₹1 lakh of face value',
      }),
    ).toEqual({
      counterparty_client_ids: 'Too long',
      settlement_delta: 'NSE RFQ settles on business days only',
      quantum: 'NSE RFQ takes at least ₹1 lakh of face value',
    })
    // Two messages on one field: the first one stands.
    expect(
      formErrors({ 'counterparty_client_ids.0': 'First', 'counterparty_client_ids.3': 'Later' }),
    ).toEqual({ counterparty_client_ids: 'First' })
  })
})
