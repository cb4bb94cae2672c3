import { priceFromYield, yieldFromPrice, type BondTerms } from '@bonds/pricing'
import { describe, expect, it } from 'vitest'
import { createAnalyst, planQuestion } from './index.ts'
import { IssuerIndex } from './resolve.ts'
import { TODAY, UNIVERSE } from './testing/universe.ts'
import type { AnalystBond } from './types.ts'

const analyst = createAnalyst({ bonds: UNIVERSE, today: TODAY })
const bond = (isin: string): AnalystBond => UNIVERSE.find((b) => b.isin === isin)!
const terms = (b: AnalystBond): BondTerms => ({
  convention: b.convention as BondTerms['convention'],
  maturityDate: b.maturityDate!,
  couponRate: b.couponRate!,
  frequency: b.frequency as 2,
})
const GS_2032 = 'IN0020210244'

describe('the analyst (built-in planner)', () => {
  it('gives the yield @bonds/pricing gives, the bond linked, the convention said', async () => {
    const answer = await analyst.ask('ytm on 6.54 GS 2032 at 101.10 clean settling 24-Nov-2026?')
    const expected = yieldFromPrice(terms(bond(GS_2032)), '2026-11-24', 101.1) * 100
    expect(answer.result.kind).toBe('number')
    expect(answer.result.unit).toBe('%')
    expect(answer.result.value).toBeCloseTo(expected, 4)
    expect(answer.bonds).toEqual([{ id: GS_2032, isin: GS_2032, name: '6.54% GS 2032' }])
    expect(answer.text).toMatch(/^\*\*6\.\d{4}%\*\*/)
    expect(answer.text).toContain(`(/security/${GS_2032})`)
    expect(answer.steps.join(' ')).toContain('30E/360')
  })

  it('counts active Maharashtra SDLs maturing after 2030, with the list behind the count', async () => {
    const answer = await analyst.ask('how many active Maharashtra SDLs mature after 2030?')
    const expected = UNIVERSE.filter(
      (b) =>
        b.securityType === 'SDL' &&
        b.state === 'Maharashtra' &&
        b.maturityDate !== null &&
        b.maturityDate > '2030-12-31',
    )
    expect(expected.length).toBeGreaterThan(10)
    expect(answer.result).toEqual({ kind: 'count', value: expected.length })
    expect(answer.table?.rows.map((r) => r[1]).sort()).toEqual(expected.map((b) => b.isin).sort())
    expect(answer.text.startsWith(`**${expected.length}**`)).toBe(true)
  })

  it('reads typos and Hinglish shorthand as the same question', async () => {
    const plain = await analyst.ask('how many Maharashtra SDLs mature after 2030')
    for (const question of [
      'how many mahrashtra sdls matur after 2030',
      'maha sdl kitne hai 2030 ke baad',
    ]) {
      expect((await analyst.ask(question)).result).toEqual(plain.result)
    }
  })

  it('prices from a yield: clean, dirty and accrued as the library computes them', async () => {
    const p = priceFromYield(terms(bond(GS_2032)), '2026-12-01', 0.068)
    const clean = await analyst.ask('price of 6.54 GS 2032 at 6.80% settling 1 Dec 2026')
    expect(clean.result).toEqual({
      kind: 'number',
      value: Number(p.cleanPrice.toFixed(4)),
      unit: '₹ per 100',
    })
    const accrued = await analyst.ask('accrued on 6.54 gs 2032 settling 2026-12-01')
    expect(accrued.result.value).toBeCloseTo(p.accruedInterest, 4)
  })

  it('declines forecasts, advice, equities and bonds the data does not hold or cannot price, saying why', async () => {
    const cases: [string, RegExp][] = [
      ['where will the 10-year yield be next March?', /forecast/],
      ['should I buy 6.54 GS 2032?', /advise/],
      ["what is Reliance's share price", /equities/],
      ['ytm on 9.99 GS 2040 at 100', /no bond with coupon 9\.99%/],
      ['price of NHAI 6.99% 2035 at 7.2%', /cannot be priced/],
    ]
    for (const [question, why] of cases) {
      const answer = await analyst.ask(question)
      expect(answer.result, question).toEqual({ kind: 'declined', value: null })
      expect(answer.text, question).toMatch(why)
    }
  })

  it('finds extremes, lists, compares and looks up dates', async () => {
    const tn = await analyst.ask('highest coupon karnataka sdl')
    const karnataka = UNIVERSE.filter((b) => b.state === 'Karnataka' && b.maturityDate! >= TODAY)
    const top = Math.max(...karnataka.map((b) => b.couponRate ?? 0))
    expect(bond(tn.result.value as string).couponRate).toBe(top)
    const compared = await analyst.ask('compare 6.54 GS 2032 vs 7.26 GS 2033')
    expect(compared.result).toEqual({ kind: 'bonds', value: [GS_2032, 'IN0020220151'] })
    expect(compared.table?.rows).toHaveLength(2)
    const maturity = await analyst.ask('when does 7.18 GS 2037 mature')
    expect(maturity.result).toEqual({ kind: 'date', value: bond('IN0020230077').maturityDate })
    const taxFree = await analyst.ask('list tax-free bonds')
    expect(taxFree.result.value).toEqual(
      UNIVERSE.filter((b) => b.securityType === 'TAX_FREE' && b.maturityDate! >= TODAY)
        .sort((a, b) => a.maturityDate!.localeCompare(b.maturityDate!))
        .map((b) => b.isin),
    )
  })

  it('asks which bond is meant when a shorthand matches several', async () => {
    const answer = await analyst.ask('ytm on maha sdl 2031 at 100')
    expect(answer.result.kind).toBe('bonds')
    expect((answer.result.value as string[]).length).toBeGreaterThan(1)
    expect(answer.text).toMatch(/name one by its ISIN/)
  })

  it('writes bond names as text, never markup', async () => {
    const odd = {
      ...bond(GS_2032),
      id: 'X1',
      isin: 'IN9999999999',
      displayName: '<img src=x> [a](b) 6.54% GS 2032',
    }
    const answer = await createAnalyst({ bonds: [odd], today: TODAY }).ask('what is IN9999999999')
    expect(answer.text).toContain('\\<img src=x\\> \\[a\\](b)')
  })

  it('plans deterministically: the same question gives the same tool call', () => {
    const context = { bonds: UNIVERSE, today: TODAY, issuers: new IssuerIndex(UNIVERSE) }
    const call = planQuestion('how many active Maharashtra SDLs mature after 2030?', context)
    expect(call).toEqual({
      tool: 'count_bonds',
      args: { screen: { types: ['SDL'], state: 'Maharashtra', maturityFrom: '2031-01-01' } },
    })
    expect(planQuestion('how many active Maharashtra SDLs mature after 2030?', context)).toEqual(
      call,
    )
  })
})
