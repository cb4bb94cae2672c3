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
import { usePostQuoteMutation } from '../rfq/api.ts'
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

describe('QuoteForm: the price override', () => {
  const fake = () =>
    createFakeFetch().on('GET', `api/v2/finstrument/info/${GS_2033}`, { body: INFO })

  it('is not offered without the permission', async () => {
    renderWithStore(<QuoteForm renderBondPicker={picker} onSubmit={vi.fn()} />, { fake: fake() })
    await userEvent.click(screen.getByRole('button', { name: 'Pick 7.18% GS 2033' }))
    expect(screen.queryByLabelText('Override the price')).toBeNull()
    expect(screen.queryByLabelText('Price (per ₹100)')).toBeNull()
  })

  it('sends the price and the yield as typed, with price_overridden, to the holder', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined)
    renderWithStore(<QuoteForm renderBondPicker={picker} onSubmit={onSubmit} canOverridePrice />, {
      fake: fake(),
    })
    await userEvent.click(screen.getByRole('button', { name: 'Pick 7.18% GS 2033' }))
    await userEvent.type(screen.getByLabelText('Yield (%)'), '7.12')
    await userEvent.type(screen.getByLabelText('Quantum (₹ crore)'), '5')
    await userEvent.click(screen.getByLabelText('Override the price'))
    await userEvent.click(screen.getByRole('button', { name: 'Post quote' }))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByLabelText('Price (per ₹100)')).toHaveAccessibleDescription(
      'An overridden price needs both a price and a yield',
    )

    await userEvent.type(screen.getByLabelText('Price (per ₹100)'), '97.5')
    await userEvent.click(screen.getByRole('button', { name: 'Post quote' }))
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        finstrument_id: GS_2033,
        fixed_field: 'yield',
        yield_stored: 0.0712,
        unit_price_stored: 97.5,
        price_overridden: true,
        quantum: 5_00_00_000,
      }),
    )
  })

  it('shows the server’s refusal on the switch', async () => {
    const refusal = 'Your role cannot override the price'
    const server = fake().on('POST', 'api/trade/eoi/', {
      status: 400,
      body: { message: refusal, fields: { price_overridden: refusal } },
    })
    function Posting() {
      const [post] = usePostQuoteMutation()
      return (
        <QuoteForm
          renderBondPicker={picker}
          onSubmit={(payload) => post(payload).unwrap()}
          canOverridePrice
        />
      )
    }
    renderWithStore(<Posting />, { fake: server })
    await userEvent.click(screen.getByRole('button', { name: 'Pick 7.18% GS 2033' }))
    await userEvent.click(screen.getByRole('radio', { name: 'Price' }))
    await userEvent.type(screen.getByLabelText('Price (per ₹100)'), '97.5')
    await userEvent.type(screen.getByLabelText('Quantum (₹ crore)'), '5')
    await userEvent.click(screen.getByLabelText('Override the price'))
    await userEvent.type(screen.getByLabelText('Yield (%)'), '7.12')
    await userEvent.click(screen.getByRole('button', { name: 'Post quote' }))
    expect(await screen.findByText(refusal)).toBeInTheDocument()
    expect(screen.getByLabelText('Override the price')).toHaveAccessibleDescription(refusal)
    expect(server.callsTo('POST', 'api/trade/eoi/')[0]?.body).toMatchObject({
      fixed_field: 'price',
      unit_price_stored: 97.5,
      yield_stored: 0.0712,
      price_overridden: true,
    })
  })
})
