import { describe, expect, it } from 'vitest'
import { bondSummary } from '../testing/finstruments.ts'
import { bondSearchItem } from './search-item.ts'

const TODAY = '2026-11-23'

describe('bondSearchItem', () => {
  it('lets a listed bond before maturity be picked', () => {
    expect(bondSearchItem(bondSummary(), TODAY)).toMatchObject({ selectable: true, suffix: null })
  })

  it('marks a bond matured once its maturity date is past (the day itself still counts)', () => {
    const on = bondSummary({ contract_parameters: { is_listed: true, maturity_date: TODAY } })
    expect(bondSearchItem(on, TODAY).selectable).toBe(true)
    const past = bondSummary({
      contract_parameters: { is_listed: true, maturity_date: '2026-11-22' },
    })
    expect(bondSearchItem(past, TODAY)).toMatchObject({ selectable: false, suffix: 'Matured' })
  })

  it('marks a bond known only by its past year matured when the server says so', () => {
    const old = bondSummary({
      display_name: '5.87% GS 2022',
      contract_parameters: { is_listed: true, maturity_date: null },
      is_matured: true,
      can_be_priced: false,
    })
    expect(bondSearchItem(old, TODAY)).toMatchObject({ selectable: false, suffix: 'Matured' })
    const stub = bondSummary({
      contract_parameters: { is_listed: true, maturity_date: null },
      can_be_priced: false,
    })
    expect(bondSearchItem(stub, TODAY)).toMatchObject({ selectable: true, suffix: null })
  })

  it("counts a dated bond by the date it is given, not by the server's flag", () => {
    const live = bondSummary({ is_matured: true })
    expect(bondSearchItem(live, TODAY).suffix).toBeNull()
  })

  it('marks an unlisted bond', () => {
    const bond = bondSummary({
      contract_parameters: { is_listed: false, maturity_date: '2032-01-17' },
    })
    expect(bondSearchItem(bond, TODAY)).toMatchObject({ selectable: false, suffix: 'Unlisted' })
  })

  it('disables by the ISIN check, with its label or "Not available"', () => {
    expect(bondSearchItem(bondSummary(), TODAY, () => 'Already added').suffix).toBe('Already added')
    expect(bondSearchItem(bondSummary(), TODAY, () => true).suffix).toBe('Not available')
    expect(bondSearchItem(bondSummary(), TODAY, () => false).selectable).toBe(true)
  })
})
