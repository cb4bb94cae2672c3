import { describe, expect, it } from 'vitest'
import { readScreen } from './planner.ts'
import { IssuerIndex, readReference } from './resolve.ts'
import { applyScreen } from './screen.ts'
import type { AnalystBond } from './types.ts'

const bond = (isin: string, issuer: string): AnalystBond =>
  ({ id: isin, isin, issuer, displayName: issuer }) as AnalystBond

describe('a bond named in desk words', () => {
  const index = new IssuerIndex([
    bond('INE040A08393', 'HDFC Bank Limited'),
    bond('INE001A07TN0', 'HDFC Limited'),
    bond('INE033L07HF1', 'Tata Capital Housing Finance Limited'),
  ])

  it('tells issuers apart by their common words when their distinctive words tie', () => {
    expect(index.named('hdfc bank bonds')).toEqual(['HDFC Bank Limited'])
    expect(index.named('hdfc bonds')).toEqual(['HDFC Bank Limited', 'HDFC Limited'])
    expect(index.sharedWords('hdfc bank bonds', ['HDFC Bank Limited'])).toBe('hdfc bank')
  })

  it('finds an issuer by its nickname whether the data writes "Ltd" or "Limited"', () => {
    const ntpc = new IssuerIndex([
      bond('INE733E07JJ9', 'NTPC Ltd'),
      bond('INE733E08247', 'NTPC Limited'),
      bond('INE423A07278', 'JM Financial Asset Reconstruction Company Ltd'),
    ])
    expect(ntpc.named('8.91% ntpc taxfree bond 2033')).toEqual(['NTPC Ltd', 'NTPC Limited'])
    expect(ntpc.sharedWords('ntpc bonds', ['NTPC Ltd', 'NTPC Limited'])).toBe('ntpc limited')
  })

  it("screens an issuer by whole words of its name: REC's bonds, not an asset reconstruction company's", () => {
    const live = (isin: string, issuer: string) =>
      ({ ...bond(isin, issuer), maturityDate: '2030-01-01', maturityYear: 2030 }) as AnalystBond
    const bonds = [
      live('INE020B08AQ9', 'REC Limited'),
      live('INE020B07XX1', 'REC Ltd'),
      live('INE423A07278', 'JM Financial Asset Reconstruction Company Ltd'),
    ]
    const kept = applyScreen(bonds, { issuer: 'rec limited' }, '2026-11-27')
    expect(kept.map((b) => b.issuer)).toEqual(['REC Limited', 'REC Ltd'])
  })

  it('reads a floating-rate bond by its type and year', () => {
    expect(readReference('goi floating 2031', index)).toEqual({
      year: 2031,
      types: ['GSEC_FRB'],
    })
    expect(readReference('floating 2033', index).types).toEqual(['GSEC_FRB', 'CORPORATE_FRB'])
    const screen = readScreen('how many floating gsec', {
      bonds: [],
      today: '2026-11-27',
      issuers: index,
    })
    expect(screen).toMatchObject({ types: ['GSEC_FRB'], floating: true })
  })
})
