import type { VenueRfq } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { venueLeg } from './fixtures.ts'
import {
  byYield,
  canAccept,
  canCounter,
  canQuote,
  canWithdraw,
  groupRfqs,
  isOpenLeg,
  levelOf,
  levelWords,
  venueRefusal,
} from './model.ts'

const leg = (over: Partial<VenueRfq>): VenueRfq => venueLeg({ group_id: null, ...over })

describe('the venue panel’s model', () => {
  it('puts the legs of one RFQ together, in the list’s order, legs by id', () => {
    const groups = groupRfqs([
      leg({ id: 12, group_id: 11 }),
      leg({ id: 9 }),
      leg({ id: 11, group_id: 11 }),
    ])
    expect(groups.map((g) => [g.key, g.legs.map((l) => l.id)])).toEqual([
      [11, [11, 12]],
      [9, [9]],
    ])
  })

  it('offers accept on a quoted leg whose turn is the caller’s only', () => {
    expect(canAccept(leg({}))).toBe(true)
    expect(canAccept(leg({ state: 'initiated', turn: 'responder' }))).toBe(false)
    expect(canAccept(leg({ turn: 'responder' }))).toBe(false)
    expect(canAccept(leg({ state: 'closed', turn: null }))).toBe(false)
    expect(canAccept(leg({ state: 'negotiating' }))).toBe(true)
    // Each condition alone: an RFQ not quoted yet, a leg done, though the turn is the caller's.
    expect(canAccept(leg({ state: 'initiated', turn: 'initiator' }))).toBe(false)
    expect(canAccept(leg({ state: 'dealt', turn: 'initiator' }))).toBe(false)
    expect(canCounter(leg({ state: 'negotiating', turn: 'responder' }))).toBe(false)
  })

  it('counts initiated, quoted and negotiating legs as open, the rest as done', () => {
    expect(
      (['initiated', 'quoted', 'negotiating', 'dealt', 'cancelled', 'closed'] as const).map(
        (state) => isOpenLeg({ state }),
      ),
    ).toEqual([true, true, true, false, false, false])
  })

  it('says what the venue refused, or that it did not take it', () => {
    expect(venueRefusal(new Error('boom'))).toBe('The venue did not take it.')
  })

  it('reads a level as a yield or a price', () => {
    expect(levelWords({ yield: 0.0709, price: null })).toBe('7.0900%')
    expect(levelWords({ yield: null, price: 99.5 })).toBe('₹99.5000')
    expect(levelWords({ yield: null, price: null })).toBe('—')
  })

  it('offers a quote to the firm an RFQ was sent to, once, before anyone quoted', () => {
    const sentToMe = leg({ role: 'responder', state: 'initiated', turn: 'responder' })
    expect(canQuote(sentToMe)).toBe(true)
    expect(canQuote({ ...sentToMe, role: 'initiator' })).toBe(false)
    expect(canQuote({ ...sentToMe, state: 'quoted', turn: 'initiator' })).toBe(false)
    expect(canQuote({ ...sentToMe, state: 'cancelled', turn: null })).toBe(false)
    expect(canQuote({ ...sentToMe, state: 'quoted' })).toBe(false)
    expect(canQuote({ ...sentToMe, turn: 'initiator' })).toBe(false)
  })

  it('offers withdrawal to the initiator while a leg is open', () => {
    const [group] = groupRfqs([leg({ id: 11, group_id: 11 }), leg({ id: 12, group_id: 11 })])
    expect(canWithdraw(group!)).toBe(true)
    const done = groupRfqs([
      leg({ id: 11, group_id: 11, state: 'dealt', turn: null }),
      leg({ id: 12, group_id: 11, state: 'closed', turn: null }),
    ])[0]!
    expect(canWithdraw(done)).toBe(false)
    const oneOpen = groupRfqs([
      leg({ id: 11, group_id: 11, state: 'closed', turn: null }),
      leg({ id: 12, group_id: 11 }),
    ])[0]!
    expect(canWithdraw(oneOpen)).toBe(true)
    expect(canWithdraw(groupRfqs([leg({ role: 'responder' })])[0]!)).toBe(false)
  })

  it('takes a typed level as the RFQ is levelled: a yield in % to a fraction, a price as is', () => {
    expect(byYield({ yield: 0.0711, price: null })).toBe(true)
    expect(byYield({ yield: null, price: 99.5 })).toBe(false)
    expect(byYield({ yield: null, price: null })).toBe(true)
    expect(byYield({ yield: 0.0711, price: 99.5 })).toBe(true)
    expect(levelOf(true, 7.1234)).toEqual({ yield: 0.071234 })
    expect(levelOf(false, 99.5025)).toEqual({ price: 99.5025 })
  })
})
