import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SORT,
  EMPTY_SCREEN,
  readScreen,
  screenQuery,
  writeScreen,
  type ScreenState,
} from './screen-state.ts'

const screen: ScreenState = {
  values: { bondCategory: ['Corporate', 'PSU'], creditRating: ['CRISIL AAA'] },
  filters: [
    { category: 'creditRating', operator: 'gte', value: 'AA' },
    { category: 'timeToMaturity', operator: 'lt', value: 5 },
    { category: 'timeToMaturity', operator: 'after', value: '2027-03-31' },
  ],
  sort: { field: 'yield', direction: 'desc' },
}

describe('the screen in the URL', () => {
  it('round-trips values, filters and sort', () => {
    const params = writeScreen(screen)
    expect(params.toString()).toBe(
      'bondCategory=Corporate&bondCategory=PSU&creditRating=CRISIL+AAA' +
        '&creditRating.gte=AA&timeToMaturity.lt=5&timeToMaturity.after=2027-03-31' +
        '&sort=yield&order=desc',
    )
    expect(readScreen(new URLSearchParams(params.toString()))).toEqual(screen)
  })

  it('leaves the default sort out, and reads no params as the empty screen', () => {
    expect(writeScreen({ ...screen, sort: DEFAULT_SORT }).has('sort')).toBe(false)
    expect(readScreen(new URLSearchParams())).toEqual(EMPTY_SCREEN)
  })

  it('keeps params that are not the screen’s', () => {
    const base = new URLSearchParams('utm_source=mail&bondCategory=Bank&sort=name')
    expect(writeScreen(EMPTY_SCREEN, base).toString()).toBe('utm_source=mail')
  })

  it('drops what does not parse: unknown keys, bad operators, bad values, duplicates', () => {
    const read = readScreen(
      new URLSearchParams(
        'colour=blue&bondCategory.gt=PSU&creditRating.gte=AAAA&timeToMaturity.lt=soon' +
          '&timeToMaturity.before=2030-02-30&timeToMaturity.lt=3&timeToMaturity.lt=3' +
          '&bondCategory=PSU&bondCategory=PSU&bondCategory=&sort=isin',
      ),
    )
    expect(read).toEqual({
      values: { bondCategory: ['PSU'] },
      filters: [{ category: 'timeToMaturity', operator: 'lt', value: 3 }],
      sort: DEFAULT_SORT,
    })
  })

  it('takes a sort without an order in the field’s first direction', () => {
    expect(readScreen(new URLSearchParams('sort=coupon')).sort).toEqual({
      field: 'coupon',
      direction: 'desc',
    })
  })
})

describe('screenQuery', () => {
  it('asks for bonds of type Bond with every part of the screen (the page comes per call)', () => {
    expect(screenQuery(screen)).toEqual({
      category_values: { bondCategory: ['Corporate', 'PSU'], creditRating: ['CRISIL AAA'] },
      instrument_type: 'Bond',
      filters: screen.filters,
      sort: { field: 'yield', direction: 'desc' },
    })
  })
})
