import { describe, expect, it } from 'vitest'
import { parseCsv } from './csv.ts'
import { loadUniverse, searchText } from './universe.ts'

const universe = loadUniverse({ asOf: '2026-11-22' })
const byIsin = new Map(universe.map((r) => [r.isin, r]))
const get = (isin: string) => {
  const r = byIsin.get(isin)
  if (!r) throw new Error(`missing ${isin}`)
  return r
}

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and newlines', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi"""\n"1\n2",3\n')).toEqual([
      { a: 'x, y', b: 'say "hi"' },
      { a: '1\n2', b: '3' },
    ])
  })
})

describe('loadUniverse', () => {
  it('holds every government and corporate row once, plus the newer hand-checked issues', () => {
    expect(universe.length).toBeGreaterThan(7_900)
    expect(new Set(universe.map((r) => r.isin)).size).toBe(universe.length)
    expect(universe.every((r) => r.isin.length === 12)).toBe(true)
  })

  it('parses 6.54% GS 2032', () => {
    expect(get('IN0020210244')).toMatchObject({
      displayName: '6.54% GS 2032',
      securityType: 'GSEC',
      category: 'Government',
      couponRate: 0.0654,
      frequency: 2,
      convention: 'GSEC',
      dayCount: '30E/360',
      maturityDate: '2032-01-17',
      issueDate: '2022-01-17',
      faceValue: 100,
      rating: 'SOV',
      isAvailable: true,
      isMatured: false,
      canBePriced: true,
    })
  })

  it('keeps the yield a corporate bond was last disclosed at, with its date', () => {
    expect(get('INE002A07809')).toMatchObject({
      indicativeYield: 0.072333,
      indicativeYieldAsOf: '2025-09-15',
    })
    expect(get('IN0020210244')).toMatchObject({ indicativeYield: null, indicativeYieldAsOf: null })
  })

  it('adds newer G-secs missing from the 2022 snapshot', () => {
    expect(get('IN0020230085')).toMatchObject({
      displayName: '7.18% GS 2033',
      maturityDate: '2033-08-14',
    })
  })

  it('names SDLs by state, T-bills and STRIPS by date', () => {
    expect(get('IN1920210359')).toMatchObject({
      displayName: '7.44% Karnataka SDL 2035',
      category: 'State Government',
      maturityDate: '2035-02-09',
    })
    const tbill = universe.find((r) => r.securityType === 'TBILL')
    expect(tbill?.displayName).toMatch(/^(91|182|364) DTB \d{2}-[A-Z][a-z]{2}-\d{4}$/)
    expect(tbill?.convention).toBe('TBILL')
    expect(get('IN000127C018').displayName).toBe('GOI STRIPS 02-Jan-2027 (C)')
  })

  it('marks floating-rate bonds not priceable and matured bonds as matured', () => {
    expect(get('IN0020180041')).toMatchObject({ isFloatingRate: true, canBePriced: false })
    const matured = get('IN1020040045')
    expect(matured).toMatchObject({ isMatured: true, canBePriced: false })
    expect(
      loadUniverse({ asOf: '2010-01-01' }).find((r) => r.isin === 'IN1020040045')?.isMatured,
    ).toBe(false)
  })

  it('keeps NSDL deleted rows but makes them unavailable', () => {
    const deleted = universe.find((r) => r.nsdlStatus === 'DELETED')
    expect(deleted?.isAvailable).toBe(false)
  })

  it('imports corporates with their rating and never guesses missing terms', () => {
    const reliance = get('INE002A07809')
    expect(reliance).toMatchObject({
      rating: 'CRISIL AAA',
      couponRate: 0.0779,
      convention: 'CORPORATE',
    })
    const noTerms = universe.find(
      (r) => r.convention === 'CORPORATE' && r.frequency === null && r.couponRate !== 0,
    )
    expect(noTerms?.canBePriced).toBe(false)
    expect(get('INE906B07EI0')).toMatchObject({
      category: 'Tax-free',
      frequency: 1,
      canBePriced: true,
    })
  })

  it('builds search text with the words desks type', () => {
    const text = searchText(get('IN0020210244'))
    for (const word of ['6.54', '2032', 'gs', 'in0020210244', 'government of india']) {
      expect(text).toContain(word)
    }
    expect(searchText(get('IN1920210359'))).toContain('karnataka sdl')
  })
})

describe('production mode', () => {
  it('never seeds the universe on start', async () => {
    const { buildApp } = await import('../../app.ts')
    const { readConfig } = await import('../../config.ts')
    const { testDatabase } = await import('../../db/testing.ts')
    const database = await testDatabase()
    const app = await buildApp(
      readConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', TOKEN_SECRET: 'x' }),
      { web: false, database },
    )
    const response = await app.inject({
      url: '/api/trade/finstrument/',
      query: { searchKey: '6.54 2032' },
    })
    expect(response.json()).toEqual([])
    await app.close()
    await database.close()
  })
})
