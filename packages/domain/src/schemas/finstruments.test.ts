import { describe, expect, it } from 'vitest'
import {
  categoriesRequestSchema,
  finstrumentListRequestSchema,
  ratingGrade,
  screenFilterSchema,
} from './finstruments.ts'

describe('ratingGrade', () => {
  it('reads the grade past the agency and a (CE)/(SO) suffix', () => {
    expect(ratingGrade('CRISIL AAA')).toBe('AAA')
    expect(ratingGrade('ICRA AA+')).toBe('AA+')
    expect(ratingGrade('IND AA(CE)')).toBe('AA')
    expect(ratingGrade('FITCH AA-')).toBe('AA-')
    expect(ratingGrade('SOV')).toBe('SOV')
  })

  it('is null for no rating or one off the long-term scale', () => {
    expect(ratingGrade(null)).toBeNull()
    expect(ratingGrade('CRISIL A1+')).toBeNull()
  })
})

describe('screenFilterSchema', () => {
  const problem = (filter: unknown) =>
    screenFilterSchema.safeParse(filter).error?.issues[0]?.message ?? null

  it('takes the operators of spec section 3 where they apply', () => {
    expect(problem({ category: 'bondCategory', operator: 'equals', value: 'PSU' })).toBeNull()
    expect(problem({ category: 'creditRating', operator: 'gte', value: 'AA' })).toBeNull()
    expect(problem({ category: 'timeToMaturity', operator: 'lt', value: 5 })).toBeNull()
    expect(
      problem({ category: 'timeToMaturity', operator: 'after', value: '2030-03-31' }),
    ).toBeNull()
  })

  it('says why a filter does not hold', () => {
    expect(problem({ category: 'bondCategory', operator: 'gt', value: 'PSU' })).toBe(
      'greater does not apply to bondCategory',
    )
    expect(problem({ category: 'creditRating', operator: 'gte', value: 'AAAA' })).toBe(
      'Choose a rating grade',
    )
    expect(problem({ category: 'timeToMaturity', operator: 'lt', value: -1 })).toBe(
      'Enter years from 0 to 100',
    )
    expect(problem({ category: 'timeToMaturity', operator: 'before', value: '2030-02-30' })).toBe(
      'Enter a date as YYYY-MM-DD',
    )
    expect(problem({ category: 'securityType', operator: 'equals', value: ' ' })).toBe(
      'Choose a value',
    )
  })
})

describe('list and categories requests', () => {
  it('default to Bond, no filters and ISIN order', () => {
    expect(finstrumentListRequestSchema.parse({})).toEqual({
      pagination_params: { limit: 20 },
      category_values: {},
      instrument_type: 'Bond',
      filters: [],
    })
    expect(categoriesRequestSchema.parse({}).filters).toEqual([])
  })

  it('take a sort by yield, maturity, coupon or name', () => {
    expect(finstrumentListRequestSchema.parse({ sort: { field: 'yield' } }).sort).toEqual({
      field: 'yield',
      direction: 'asc',
    })
    expect(finstrumentListRequestSchema.safeParse({ sort: { field: 'isin' } }).success).toBe(false)
    expect(finstrumentListRequestSchema.safeParse({ instrument_type: 'Equity' }).success).toBe(
      false,
    )
  })
})
