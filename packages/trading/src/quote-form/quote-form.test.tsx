import { createFakeFetch } from '@bonds/api-client/testing'
import {
  priceFromYield,
  roundTo,
  settlementOnCalendar,
  todayInIndia,
  yieldFromPrice,
  type BondTerms,
} from '@bonds/pricing'
import { formatDate, formatPrice, formatYield } from '@bonds/ui-kit'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { QuoteForm } from './quote-form.tsx'

const GS_2033 = 'IN0020230085'
/** The record `GET api/v2/finstrument/info/{id}` sends, as far as the terms go. */
const INFO = {
  id: GS_2033,
  display_name: '7.18% GS 2033',
  can_be_priced: true,
  convention: 'GSEC',
  contract_parameters: { is_listed: true, maturity_date: '2033-08-14' },
  coupon_rate: 0.0718,
  frequency: 2,
  calls: [],
  puts: [],
}
const TERMS: BondTerms = {
  convention: 'GSEC',
  maturityDate: '2033-08-14',
  couponRate: 0.0718,
  frequency: 2,
  calls: [],
  puts: [],
}

const picker = (onPick: (bond: { finstrument_id: string; display_name: string }) => void) => (
  <button
    type="button"
    onClick={() => onPick({ finstrument_id: GS_2033, display_name: '7.18% GS 2033' })}
  >
    Pick 7.18% GS 2033
  </button>
)

const line = () => screen.getByTestId('quote-other-number')

describe('QuoteForm: the other number', () => {
  it('shows the clean price of the yield typed, and the yield of a price, moving with the settlement', async () => {
    const fake = createFakeFetch().on('GET', `api/v2/finstrument/info/${GS_2033}`, { body: INFO })
    renderWithStore(<QuoteForm renderBondPicker={picker} onSubmit={vi.fn()} />, { fake })
    await userEvent.click(screen.getByRole('button', { name: 'Pick 7.18% GS 2033' }))
    const today = todayInIndia(new Date())
    const t1 = settlementOnCalendar('GSEC', today, 1)
    expect(await screen.findByText(`Type a yield; settling ${formatDate(t1)}.`)).toBeInTheDocument()

    await userEvent.type(screen.getByLabelText('Yield (%)'), '7.12')
    const at = (settlement: string) =>
      `Price ${formatPrice(roundTo(priceFromYield(TERMS, settlement, 0.0712).cleanPrice, 4))}, settling ${formatDate(settlement)}`
    expect(line()).toHaveTextContent(at(t1))

    await userEvent.click(screen.getByRole('radio', { name: 'T+0' }))
    expect(line()).toHaveTextContent(at(settlementOnCalendar('GSEC', today, 0)))

    await userEvent.click(screen.getByRole('radio', { name: 'Price' }))
    await userEvent.type(screen.getByLabelText('Price (per ₹100)'), '100.25')
    const t0 = settlementOnCalendar('GSEC', today, 0)
    expect(line()).toHaveTextContent(
      `Yield ${formatYield(roundTo(yieldFromPrice(TERMS, t0, 100.25), 6))}, settling ${formatDate(t0)}`,
    )
  })

  it('says when the bond cannot be priced', async () => {
    const fake = createFakeFetch().on('GET', `api/v2/finstrument/info/${GS_2033}`, {
      body: { ...INFO, can_be_priced: false },
    })
    renderWithStore(<QuoteForm renderBondPicker={picker} onSubmit={vi.fn()} />, { fake })
    await userEvent.click(screen.getByRole('button', { name: 'Pick 7.18% GS 2033' }))
    expect(
      await screen.findByText('This bond cannot be priced: quote a price.'),
    ).toBeInTheDocument()
  })
})
