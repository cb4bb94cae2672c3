import { emptyPricingValue, type PricingValue } from '@bonds/pricing/react'
import { BondsProvider } from '@bonds/ui-kit'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { FinstrumentInfo } from '@bonds/domain'
import { SecurityCalculator } from './security-calculator.tsx'
import { DEFAULT_SETTLEMENT, resolveSettlement, type SettlementChoice } from './settlement.ts'
import { termsOf } from './terms.ts'
import { bondInfo, floatingInfo } from './testing/fixtures.ts'

const TODAY = '2025-11-21'

function Harness({ bond }: { bond: FinstrumentInfo }) {
  const terms = termsOf(bond)
  const [settlement, setSettlement] = useState<SettlementChoice>(DEFAULT_SETTLEMENT)
  const [value, setValue] = useState<PricingValue>(() => emptyPricingValue())
  return (
    <BondsProvider env="test">
      <SecurityCalculator
        bond={bond}
        terms={terms}
        today={TODAY}
        value={value}
        onChange={setValue}
        settlement={settlement}
        settlementDate={resolveSettlement(settlement, terms, TODAY)}
        onSettlementChange={setSettlement}
      />
    </BondsProvider>
  )
}

describe('SecurityCalculator', () => {
  it('settles T+1 on the bond’s calendar by default, and T+0 on the trade date', async () => {
    render(<Harness bond={bondInfo()} />)
    expect(screen.getByText('Settles 24-Nov-2025 (T+1)')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'T+1' })).toBeChecked()
    await userEvent.click(screen.getByRole('radio', { name: 'T+0' }))
    expect(screen.getByText('Settles 21-Nov-2025 (T+0)')).toBeInTheDocument()
  })

  it('checks a chosen settlement date with the spec message and keeps the last good one', async () => {
    render(<Harness bond={bondInfo()} />)
    await userEvent.click(screen.getByRole('radio', { name: 'Date' }))
    const date = screen.getByLabelText('Settlement date')
    expect(date).toHaveValue('2025-11-24')
    await userEvent.clear(date)
    expect(screen.getByText('Please enter a valid date')).toBeInTheDocument()
    expect(screen.getByText('Settles 24-Nov-2025 (chosen date)')).toBeInTheDocument()
  })

  it('says why a floating bond cannot be priced, and only a yield can be fixed', () => {
    render(<Harness bond={floatingInfo()} />)
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This bond cannot be priced. Its coupon floats, so no price follows from a yield.',
    )
    expect(screen.getByRole('radio', { name: 'Price' })).toBeDisabled()
  })

  it('says once that a matured bond cannot be selected, with no second or third notice', () => {
    render(
      <Harness
        bond={bondInfo({
          display_name: '6.54% GS 2012',
          contract_parameters: { is_listed: true, maturity_date: '2012-01-16' },
          is_matured: true,
          can_be_priced: false,
        })}
      />,
    )
    expect(screen.getByText('This bond is matured: it cannot be selected.')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText('Price is unavailable for this bond.')).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Yield (%)' })).toBeDisabled()
  })
})
