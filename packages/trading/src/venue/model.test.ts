import type { VenueRfq } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { venueLeg } from './fixtures.ts'
import { canAccept, groupRfqs, levelWords } from './model.ts'

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
  })

  it('reads a level as a yield or a price', () => {
    expect(levelWords({ yield: 0.0709, price: null })).toBe('7.0900%')
    expect(levelWords({ yield: null, price: 99.5 })).toBe('₹99.5000')
    expect(levelWords({ yield: null, price: null })).toBe('—')
  })
})
