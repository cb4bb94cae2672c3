// The venue simulator's rules, by the clock: the session, the lot, prices and yields on their
// ticks, settlement T+0 to T+2; the references it gives; and one-to-many RFQs: a leg a firm, the
// others closed at a deal or a withdrawal.
import { describe, expect, it } from 'vitest'
import { simulatedVenue, venueClosing, venueRefusal, venueSession } from './simulator.ts'
import type { VenueSessionHours } from './simulator.ts'

const session = (open: string, close: string, days: VenueSessionHours['days'] = 'business') => ({
  open,
  close,
  days,
})
import type { VenueTerms } from './port.ts'

const at = (iso: string) => new Date(iso)
/** Thursday 26 November 2026, 10:30 IST. */
const THURSDAY = at('2026-11-26T05:00:00Z')

const terms = (over: Partial<VenueTerms> = {}): VenueTerms => ({
  exchange: 'NSE',
  isin: 'IN0020230085',
  faceValue: 100,
  convention: 'GSEC',
  quoteType: 'BID',
  quantum: 250_000_000,
  yield: 0.071,
  price: null,
  settlementDate: '2026-11-27',
  ...over,
})

describe('the session', () => {
  it('is 09:00–17:00 IST on business days', () => {
    expect(venueSession('NSE', THURSDAY).open).toBe(true)
    expect(venueSession('BSE', at('2026-11-26T03:30:00Z')).open).toBe(true) // 09:00
    expect(venueSession('NSE', at('2026-11-26T03:29:00Z')).open).toBe(false) // 08:59
    expect(venueSession('NSE', at('2026-11-26T11:29:00Z')).open).toBe(true) // 16:59
    expect(venueSession('NSE', at('2026-11-26T11:30:00Z')).open).toBe(false) // 17:00
    expect(venueSession('NSE', at('2026-11-28T05:00:00Z')).open).toBe(false) // Saturday
    expect(venueSession('NSE', THURSDAY).hours).toBe('09:00–17:00 IST')
  })

  it('refuses anything outside it, naming the venue', () => {
    expect(venueRefusal(terms({ exchange: 'BSE' }), at('2026-11-26T12:00:00Z'))).toEqual({
      reason: 'BSE RFQ is closed: its session is 09:00–17:00 IST on business days',
    })
  })

  it('may be another in demo mode and tests (VENUE_SESSION): always open, or other hours', async () => {
    const always = session('00:00', '24:00', 'every')
    // Saturday 28 November 2026, 23:59 IST, and Sunday 00:00 IST.
    for (const instant of ['2026-11-28T18:29:00Z', '2026-11-28T18:30:00Z']) {
      expect(venueSession('NSE', at(instant), always)).toEqual({
        open: true,
        hours: '00:00–24:00 IST',
      })
    }
    const saturday = simulatedVenue({ now: () => at('2026-11-28T18:29:00Z'), hours: always })
    expect(await saturday.initiate(terms({ settlementDate: '2026-11-30' }), 12)).toMatchObject({
      ok: true,
      ref: 'NSE-RFQ-20261128-000012',
    })
    expect(saturday.session('BSE', at('2026-11-28T18:29:00Z')).open).toBe(true)
    // Other hours on business days: refused outside them, in their words.
    const morning = simulatedVenue({
      now: () => THURSDAY, // 10:30 IST
      hours: session('10:45', '12:00'),
    })
    expect(await morning.initiate(terms(), 12)).toEqual({
      ok: false,
      reason: 'NSE RFQ is closed: its session is 10:45–12:00 IST on business days',
    })
    expect(
      venueRefusal(
        terms({ settlementDate: '2026-11-30' }),
        at('2026-11-28T05:00:00Z'),
        session('09:00', '17:00', 'every'),
      ),
    ).toBeNull()
    expect(
      venueRefusal(terms(), at('2026-11-26T12:00:00Z'), session('09:00', '17:00', 'every')),
    ).toEqual({ reason: 'NSE RFQ is closed: its session is 09:00–17:00 IST every day' })
  })
})

describe('the lot', () => {
  it('is at least ₹1 lakh, in whole bonds', () => {
    expect(venueRefusal(terms({ quantum: 50_000 }), THURSDAY)).toMatchObject({ field: 'quantum' })
    expect(venueRefusal(terms({ quantum: 100_000 }), THURSDAY)).toBeNull()
    expect(venueRefusal(terms({ quantum: 1_000_050, faceValue: 100_000 }), THURSDAY)).toMatchObject(
      {
        field: 'quantum',
        reason: expect.stringContaining('multiple of the face value ₹1,00,000'),
      },
    )
  })
})

describe('levels', () => {
  it('takes prices from ₹1 to ₹250 in ticks of ₹0.0001', () => {
    expect(venueRefusal(terms({ yield: null, price: 100.1234 }), THURSDAY)).toBeNull()
    expect(venueRefusal(terms({ yield: null, price: 100.12345 }), THURSDAY)).toMatchObject({
      field: 'price',
    })
    expect(venueRefusal(terms({ yield: null, price: 0.5 }), THURSDAY)).toMatchObject({
      field: 'price',
    })
  })

  it('takes yields from 0.01 % to 50 % in ticks of 0.0001 %', () => {
    expect(venueRefusal(terms({ yield: 0.071234 }), THURSDAY)).toBeNull()
    expect(venueRefusal(terms({ yield: 0.0712345 }), THURSDAY)).toMatchObject({ field: 'yield' })
    expect(venueRefusal(terms({ yield: 0.6 }), THURSDAY)).toMatchObject({ field: 'yield' })
    expect(venueRefusal(terms({ yield: null }), THURSDAY)).toMatchObject({ field: 'yield' })
  })
})

describe('settlement', () => {
  it('is T+0 to T+2 on a business day', () => {
    expect(venueRefusal(terms({ settlementDate: '2026-11-26' }), THURSDAY)).toBeNull()
    expect(venueRefusal(terms({ settlementDate: '2026-11-30' }), THURSDAY)).toBeNull() // T+2
    expect(venueRefusal(terms({ settlementDate: '2026-12-01' }), THURSDAY)).toMatchObject({
      field: 'settlement_date',
    })
    expect(venueRefusal(terms({ settlementDate: '2026-11-28' }), THURSDAY)).toMatchObject({
      reason: 'NSE RFQ settles on business days only',
    })
    expect(venueRefusal(terms({ settlementDate: '2026-11-25' }), THURSDAY)).toMatchObject({
      field: 'settlement_date',
    })
  })
})

describe('the simulator', () => {
  it('answers with the venue’s reference, and lets an RFQ be withdrawn after hours', async () => {
    let now = THURSDAY
    const venue = simulatedVenue({ now: () => now })
    const taken = await venue.initiate(terms(), 12)
    expect(taken).toEqual({ ok: true, ref: 'NSE-RFQ-20261126-000012', at: THURSDAY })
    now = at('2026-11-26T12:00:00Z')
    expect(await venue.step('NSE-RFQ-20261126-000012', 'accept', terms())).toMatchObject({
      ok: false,
    })
    expect(await venue.step('NSE-RFQ-20261126-000012', 'cancel', terms())).toMatchObject({
      ok: true,
      ref: 'NSE-RFQ-20261126-000012',
    })
  })
})

describe('one-to-many RFQs', () => {
  const legs = [
    'NSE-RFQ-20261126-000012-1',
    'NSE-RFQ-20261126-000012-2',
    'NSE-RFQ-20261126-000012-3',
  ]

  it('gives each firm its leg, and takes at most ten firms', async () => {
    const venue = simulatedVenue({ now: () => THURSDAY })
    expect(await venue.initiate(terms(), 12, 3)).toEqual({
      ok: true,
      ref: 'NSE-RFQ-20261126-000012',
      at: THURSDAY,
      legs,
    })
    expect(await venue.initiate(terms(), 12, 1)).not.toHaveProperty('legs')
    for (const responders of [0, 11, 2.5]) {
      expect(await venue.initiate(terms(), 12, responders)).toEqual({
        ok: false,
        reason: 'NSE RFQ sends an RFQ to 1 to 10 firms',
        field: 'counterparty_client_ids',
      })
    }
    // The session's rules come first for one firm or many.
    const closed = simulatedVenue({ now: () => at('2026-11-26T12:00:00Z') })
    expect(await closed.initiate(terms(), 12, 3)).toMatchObject({ ok: false })
  })

  it('closes the other legs at a deal on one, or at the withdrawal, and never otherwise', async () => {
    const venue = simulatedVenue({ now: () => THURSDAY })
    const others = legs.slice(1)
    expect(await venue.step(legs[0]!, 'accept', terms(), others)).toEqual({
      ok: true,
      ref: legs[0],
      at: THURSDAY,
      closed: others,
    })
    expect(await venue.step(legs[0]!, 'cancel', terms(), others)).toMatchObject({ closed: others })
    for (const kind of ['quote', 'negotiate'] as const) {
      expect(await venue.step(legs[0]!, kind, terms(), others)).not.toHaveProperty('closed')
      expect(venueClosing(kind, others)).toEqual([])
    }
    // A refused deal closes nothing.
    expect(await venue.step(legs[0]!, 'accept', terms({ quantum: 1_000 }), others)).toEqual({
      ok: false,
      reason: 'NSE RFQ takes at least ₹1 lakh of face value',
      field: 'quantum',
    })
    expect(venueClosing('accept', [])).toEqual([])
  })
})
