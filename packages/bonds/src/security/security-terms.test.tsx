import { render, screen, within } from '@testing-library/react'
import { BondsProvider } from '@bonds/ui-kit'
import { describe, expect, it } from 'vitest'
import { SecurityTerms } from './security-terms.tsx'
import { corporateInfo } from './testing/fixtures.ts'

describe('SecurityTerms', () => {
  it('shows every term as a labelled row, with the call and put schedule', () => {
    render(
      <BondsProvider env="test">
        <SecurityTerms bond={corporateInfo()} />
      </BondsProvider>,
    )
    const section = screen.getByRole('region', { name: 'Terms' })
    const row = (name: string) => within(section).getByRole('rowheader', { name }).closest('tr')!
    expect(row('ISIN')).toHaveTextContent('INE001A07TS9')
    expect(row('Type')).toHaveTextContent('Corporate bond')
    expect(row('Coupon')).toHaveTextContent('7.85%')
    expect(row('Frequency')).toHaveTextContent('Annual')
    expect(row('Maturity')).toHaveTextContent('30-Jun-2030')
    expect(row('Face value')).toHaveTextContent('₹1,00,000 per unit')
    expect(row('Rating')).toHaveTextContent('CRISIL AAA')
    expect(row('Listed')).toHaveTextContent('Yes')
    expect(row('Call schedule')).toHaveTextContent('30-Jun-2028 at 100.0000')
    expect(row('Put schedule')).toHaveTextContent('30-Jun-2029 at 100.0000')
  })
})
