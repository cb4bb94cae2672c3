import { describe, expect, it } from 'vitest'
import { AUTO_CONFIDENCE, parseChatQuotes } from './parse.ts'
import { fixtureResolver } from './testing/fixture.ts'

const GS_2033 = 'IN0020230085' // 7.18% GS 2033
const GS_2037 = 'IN0020230077' // 7.18% GS 2037
const GS_2029 = 'IN0020180454' // 7.26% GS 2029 (six SDLs share its coupon and year)
const KAR_2035 = 'IN1920210359' // 7.44% Karnataka SDL 2035
const HDFC_2028 = 'INE040A08955' // 7.70% HDFC Bank 2028 (LIC HF has a 7.70% 2028 too)

const parse = (text: string) => parseChatQuotes(text, fixtureResolver())
const brief = (text: string) =>
  parse(text).then((quotes) =>
    quotes.map((q) => [
      q.isin,
      q.quoteType,
      q.yield ?? q.price,
      q.quantum,
      q.settlementDelta,
      q.auto,
    ]),
  )

describe('a two-way quote', () => {
  it('reads bid and offer in yield: the bid is the higher yield', async () => {
    expect(await parse('7.18 GS 2033 7.12/7.10 25cr')).toEqual([
      expect.objectContaining({
        isin: GS_2033,
        finstrumentId: GS_2033,
        displayName: '7.18% GS 2033',
        quoteType: 'BID',
        yield: 0.0712,
        price: null,
        quantum: 250_000_000,
        settlementDelta: null,
        confidence: 1,
        auto: true,
        line: 1,
        source: '7.18 GS 2033 7.12/7.10 25cr',
      }),
      expect.objectContaining({ isin: GS_2033, quoteType: 'ASK', yield: 0.071, auto: true }),
    ])
  })

  it('reads a pair written the other way round by the same rule, and asks before accepting it', async () => {
    const quotes = await parse('7.18 2033 7.10/7.12 25cr')
    expect(quotes.map((q) => [q.quoteType, q.yield])).toEqual([
      ['BID', 0.0712],
      ['ASK', 0.071],
    ])
    expect(quotes.every((q) => !q.auto && q.doubts.includes('bid and offer reversed'))).toBe(true)
  })

  it('in price the bid is the lower price', async () => {
    expect(await brief('7.26 2029 px 100.10/100.25 5cr')).toEqual([
      [GS_2029, 'BID', 100.1, 50_000_000, null, true],
      [GS_2029, 'ASK', 100.25, 50_000_000, null, true],
    ])
  })

  it('completes a shortened offer from the bid ("7.12/10") and reads sizes per side', async () => {
    expect(await brief('7.18 33 7.1250/00 25/50')).toEqual([
      [GS_2033, 'BID', 0.07125, 250_000_000, null, true],
      [GS_2033, 'ASK', 0.0712, 500_000_000, null, true],
    ])
  })
})

describe('one side', () => {
  it('takes the writer’s side: sell and offer are asks, buy and bid are bids', async () => {
    expect(await brief('sell 10cr 7.18 37 @ 7.22')).toEqual([
      [GS_2037, 'ASK', 0.0722, 100_000_000, null, true],
    ])
    expect(await brief('buyers of 7.18% GS 2033 at 7.13 for 100 crs T+1')).toEqual([
      [GS_2033, 'BID', 0.0713, 1_000_000_000, 1, true],
    ])
    expect(await brief('7.18 2033 7.11 offered 50L t+0')).toEqual([
      [GS_2033, 'ASK', 0.0711, 5_000_000, 0, true],
    ])
  })

  it('reads a price per ₹100 and an ISIN', async () => {
    expect(await brief('IN0020230085 bid 100.45 5 cr')).toEqual([
      [GS_2033, 'BID', 100.45, 50_000_000, null, true],
    ])
  })

  it('forgives typing: glued words, a letter o for a zero, extra spaces', async () => {
    expect(await brief('7.18gs2o33   ofr7.1o  25cr')).toEqual([
      [GS_2033, 'ASK', 0.071, 250_000_000, null, true],
    ])
  })

  it('prices units at the bond’s face value', async () => {
    const [quote] = await parse('NHAI tax free 7.35 2031 offer 5.45 5000 units')
    expect(quote).toMatchObject({ isin: 'INE906B07EI0', quantum: 5_000_000, yield: 0.0545 })
  })
})

describe('the bond', () => {
  it('is the G-sec when a bare coupon and year also fit SDLs (the desk’s shorthand)', async () => {
    const [quote] = await parse('7.26 29 bid 6.46')
    expect(quote).toMatchObject({ isin: GS_2029, auto: true })
    // Named as an SDL, it is one of six: nobody can tell which.
    const [sdl] = await parse('7.26 2029 sdl offer 6.90 5cr')
    expect(sdl).toMatchObject({ isin: null, finstrumentId: null, auto: false })
    expect(sdl?.doubts).toContain('more than one bond fits')
  })

  it('narrows by state and issuer shorthand', async () => {
    expect((await parse('kar 7.44 2035 sdl offer 7.26 5cr'))[0]).toMatchObject({ isin: KAR_2035 })
    expect((await parse('HDFC 7.70 2028 offer 7.21 25cr'))[0]).toMatchObject({ isin: HDFC_2028 })
    expect((await parse('lic hf 7.70 2028 offer 7.21'))[0]?.isin).toBe('INE115A07QJ2')
  })

  it('leaves a bond the universe does not hold unresolved, and never auto-accepts it', async () => {
    const [quote] = await parse('HDFC 8.70 2029 offer 100.25 5 cr')
    expect(quote).toMatchObject({ isin: null, quoteType: 'ASK', price: 100.25, auto: false })
    expect(quote?.quantum).toBe(50_000_000)
    const [ambiguous] = await parse('sell 10cr maha sdl 2030 @ 7.30')
    expect(ambiguous).toMatchObject({ isin: null, quoteType: 'ASK', yield: 0.073, auto: false })
  })

  it('is not auto when a word is not understood', async () => {
    const [quote] = await parse('7.18 2033 zebra offer 7.11')
    expect(quote).toMatchObject({ isin: GS_2033, auto: false })
    expect(quote!.confidence).toBeLessThan(AUTO_CONFIDENCE)
  })
})

describe('maturities written other ways', () => {
  it.each([
    ['GOI 7.18% 14-Aug-2033 offer 7.105', 0.07105],
    ['7.18 aug33 bid 7.125', 0.07125],
    ['Aug 2033 7.18 offer 7.10', 0.071],
    ['7.18/33 bid 7.125', 0.07125],
    ['gs 33 7.18 offer 7.10', 0.071],
  ])('%j', async (text, level) => {
    const quotes = await parse(text)
    expect(quotes).toHaveLength(1)
    expect(quotes[0]).toMatchObject({ isin: GS_2033, yield: level })
  })

  it('a month that does not match the bond finds nothing', async () => {
    expect((await parse('7.18 jan33 bid 7.125'))[0]).toMatchObject({ isin: null, auto: false })
  })
})

describe('columns and history', () => {
  it('reads two bare levels after a bond as bid then offer, and two under a heading as that side', async () => {
    expect(await brief('7.18 33 | 7.12 | 7.10')).toEqual([
      [GS_2033, 'BID', 0.0712, null, null, true],
      [GS_2033, 'ASK', 0.071, null, null, true],
    ])
    expect(await brief('Bids\n7.18 33 7.12\n7.18 37 7.22')).toEqual([
      [GS_2033, 'BID', 0.0712, null, null, true],
      [GS_2037, 'BID', 0.0722, null, null, true],
    ])
  })

  it('drops a level said to be a former one', async () => {
    expect(await brief('offer in 7.18 33 now 7.11 (was 7.10)')).toEqual([
      [GS_2033, 'ASK', 0.0711, null, null, true],
    ])
  })
})

describe('a line naming several bonds', () => {
  it('carries a side said once to the bonds after it, and a size said for each', async () => {
    expect(await brief('offer 7.18 2033 7.10 and 7.18 2037 7.21, 25 each')).toEqual([
      [GS_2033, 'ASK', 0.071, 250_000_000, null, true],
      [GS_2037, 'ASK', 0.0721, 250_000_000, null, true],
    ])
  })

  it('splits at "&" as at "and"', async () => {
    expect(await brief('7.18 2033 offer 7.10 & 7.18 2037 offer 7.21')).toEqual([
      [GS_2033, 'ASK', 0.071, null, null, true],
      [GS_2037, 'ASK', 0.0721, null, null, true],
    ])
  })

  it('does not read a level and the next bond’s coupon as a two-way', async () => {
    expect(await brief('bid 7.18 2033 7.13 / 7.18 2037 7.23')).toEqual([
      [GS_2033, 'BID', 0.0713, null, null, true],
      [GS_2037, 'BID', 0.0723, null, null, true],
    ])
  })

  it('keeps a date with dashes and a state between coupon and year in one bond', async () => {
    expect((await parse('HDFC Bank 7.70% 16-May-2028 offer 7.21'))[0]).toMatchObject({
      isin: HDFC_2028,
      auto: true,
    })
    expect((await parse('7.44 kar 2035 bid 7.29'))[0]).toMatchObject({ isin: KAR_2035, auto: true })
  })
})

describe('what holds no quote', () => {
  it.each([
    'need offer in 7.18 2033?',
    'any bids?',
    'pls quote 7.18 2033 two way',
    'is 7.12/7.10 on 7.18 33 still valid?',
    '7.18 33 dealt at 7.11, 25cr',
    'paid 7.10 in 7.18 33',
    'my offer in 7.18 33 is off',
    'mkt heavy, 10y at 7.11',
    'gm all',
    '> 7.18 33 7.12/7.10 25cr',
    '',
  ])('%j', async (text) => {
    expect(await parse(text)).toEqual([])
  })
})

describe('a pasted run', () => {
  it('reads each line, carries the headings and the run’s size and settlement, and links lines', async () => {
    const quotes = await parse(
      [
        'Offers (T+1):',
        '7.18 33 7.11',
        '7.18 37 7.21',
        'kar 7.44 2035 sdl 7.26 5cr',
        'all 25 cr',
      ].join('\n'),
    )
    expect(
      quotes.map((q) => [q.isin, q.quoteType, q.yield, q.quantum, q.settlementDelta, q.line]),
    ).toEqual([
      [GS_2033, 'ASK', 0.0711, 250_000_000, 1, 2],
      [GS_2037, 'ASK', 0.0721, 250_000_000, 1, 3],
      [KAR_2035, 'ASK', 0.0726, 50_000_000, 1, 4],
    ])
    expect(quotes.every((q) => q.auto)).toBe(true)
  })

  it('reads two bonds on one line, and a quote spread over lines', async () => {
    expect(await brief('bid 7.18 33 @ 7.13 25cr; offer 7.18 37 @ 7.21 10cr')).toEqual([
      [GS_2033, 'BID', 0.0713, 250_000_000, null, true],
      [GS_2037, 'ASK', 0.0721, 100_000_000, null, true],
    ])
    expect(await brief('7.18 2033\nbid 7.13\n25 cr')).toEqual([
      [GS_2033, 'BID', 0.0713, 250_000_000, null, true],
    ])
  })

  it('asks the universe once per bond however often a run names it', async () => {
    const resolver = fixtureResolver()
    await parseChatQuotes('7.18 33 7.12/7.10\n7.18 33 bid 7.13\n7.18 33 offer 7.09', resolver)
    expect(resolver.lookups).toBe(1)
  })
})

describe('settlement and doubts', () => {
  it('keeps T+0 and T+1; T+2 is no settlement here, so the quote waits', async () => {
    const [t2] = await parse('7.18 2033 bid 7.13 25cr T+2')
    expect(t2).toMatchObject({ settlementDelta: null, auto: false })
  })

  it('an indicative level, a level out of range and a request with a level wait for a person', async () => {
    for (const text of [
      '7.18 2037 bid 7.23 indicative',
      '7.18 2033 offer 14.50',
      'need 7.18 33, can bid 7.13',
    ]) {
      const quotes = await parse(text)
      expect(quotes.length, text).toBe(1)
      expect(quotes[0]!.auto, text).toBe(false)
    }
  })

  it('a size of zero is no size, and the quote waits for a person', async () => {
    for (const text of ['7.18 2033 0L bid 7.1', '7.18 2033 bid 7.13 0 cr', '7.18 0L BIDS']) {
      const quotes = await parse(text)
      expect(quotes.length, text).toBe(1)
      expect(quotes[0], text).toMatchObject({ quantum: null, auto: false })
      expect(quotes[0]!.doubts, text).toContain('size of zero')
    }
  })
})

describe('a trade done', () => {
  const DONE = 'Done ✅ 10 cr 7.18 GS 2033 @ 7.0395% yld, T+1, your buy. Ticket to follow'

  it('holds no quote for the book', async () => {
    expect(await parse(DONE)).toEqual([])
  })

  it('reads as its terms when a ticket asks (deals)', async () => {
    const quotes = await parseChatQuotes(DONE, fixtureResolver(), { deals: true })
    expect(quotes).toEqual([
      expect.objectContaining({
        isin: GS_2033,
        yield: 0.070395,
        quantum: 100_000_000,
        settlementDelta: 1,
      }),
    ])
  })
})
