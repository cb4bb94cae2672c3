import { describe, expect, it } from 'vitest'
import { canonicalIssuer, editDistance, normalize, stateIn, takeDate } from './words.ts'

describe('the desk words', () => {
  it('corrects typos to the vocabulary and keeps plain English', () => {
    expect(normalize('yeild on the bond, hihgest copon')).toBe('yield on the bond highest coupon')
    expect(normalize('the last one')).toBe('the last one')
    expect(editDistance('maturiy', 'maturity')).toBe(1)
    expect(editDistance('ab', 'ba')).toBe(1)
  })

  it('reads a short key word typed with two letters swapped, and no other short word', () => {
    expect(normalize('hwo many tax free bonds')).toBe('how many taxfree bonds')
    expect(normalize('ymt of 6.54 gs 2032')).toBe('yield of 6.54 gsec 2032')
    expect(normalize('who has the most')).toBe('who has the most')
    expect(normalize('the sun and frb')).toBe('the sun and floating')
  })

  it('reads Hinglish and shorthand', () => {
    expect(normalize('maha sdl kitne hai 2030 ke baad')).toBe('maha sdl how many after 2030')
    expect(normalize('101.10 pe ytm batao')).toBe('at 101.10 yield show')
    expect(normalize('G-Sec and T-Bill, tier II, AT1')).toBe('gsec and tbill tier2 at1')
  })

  it('reads a two-digit year after the type as 20xx, and no other two-digit number', () => {
    expect(normalize('isin 7.72 gs 55')).toBe('isin 7.72 gsec 2055')
    expect(normalize('maha sdl 35')).toBe('maha sdl 2035')
    expect(normalize('gsec 10 year yield')).toBe('gsec 10 year yield')
    expect(normalize('sdl 7.25% 2031')).toBe('sdl 7.25% 2031')
    expect(normalize('6.54 gs 2032')).toBe('6.54 gsec 2032')
  })

  it('compares issuer names with "Ltd" as "Limited" and "&" as "and"', () => {
    expect(canonicalIssuer('NTPC Ltd')).toBe(canonicalIssuer('NTPC Limited'))
    expect(canonicalIssuer('Housing & Urban Development Corporation Ltd.')).toBe(
      'housing and urban development corporation limited',
    )
  })

  it('finds states by name and nickname, two-letter ones only beside "sdl"', () => {
    expect(stateIn('maha sdl 2035')).toBe('Maharashtra')
    expect(stateIn('tn sdl')).toBe('Tamil Nadu')
    expect(stateIn('up to 2030')).toBeNull()
    expect(stateIn('west bengal loans')).toBe('West Bengal')
  })

  it('takes dates in the forms desks write them, and only real dates', () => {
    expect(takeDate('settling 24-nov-2026').date).toBe('2026-11-24')
    expect(takeDate('on 1 dec 2026').date).toBe('2026-12-01')
    expect(takeDate('value 2026-12-02').date).toBe('2026-12-02')
    expect(takeDate('on 31/11/2026').date).toBeNull()
    expect(takeDate('6.54 gsec 2032').date).toBeNull()
  })
})
