import { VALIDATION_MESSAGES as M, type FinstrumentInfo } from '@bonds/domain'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { CashflowSection } from './cashflow-section.tsx'
import { termsOf } from './terms.ts'
import { bondInfo, cashflowAnswer, floatingInfo } from './testing/fixtures.ts'
import { renderSecurity } from './testing/render.tsx'

const PATH = 'api/cashflow/IN0020210244/'

/** The section with the quantity in state, as the page holds it, and a settlement to move. */
function Harness({ bond = bondInfo() }: { bond?: FinstrumentInfo }) {
  const [quantity, setQuantity] = useState<number | null>(null)
  const [settlement, setSettlement] = useState('2025-11-24')
  return (
    <>
      <button type="button" onClick={() => setSettlement('2025-11-25')}>
        Next day
      </button>
      <CashflowSection
        bond={bond}
        terms={termsOf(bond)}
        settlementDate={settlement}
        quantity={quantity}
        onQuantityChange={setQuantity}
      />
    </>
  )
}

const quantityField = () => screen.getByRole('textbox', { name: /Quantity \(units\)/ })
const show = () => screen.getByRole('button', { name: 'Show cash flows' })

describe('CashflowSection', () => {
  it('asks for a quantity before anything is requested', () => {
    const { fake } = renderSecurity(<Harness />)
    expect(screen.getByText('Enter a quantity')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it('checks the quantity with the spec messages and sends nothing until it is valid', async () => {
    const user = userEvent.setup()
    const { fake } = renderSecurity(<Harness />)
    await user.click(show())
    expect(screen.getByText(M.fieldRequired)).toBeInTheDocument()
    for (const [text, message] of [
      ['abc', M.shouldBeNumber],
      ['0', M.cannotBeZero],
      ['-5', M.cannotBeNegative],
      ['1234567890123', M.quantumTooLong],
      ['1.5', M.wholeUnits],
    ] as const) {
      await user.clear(quantityField())
      await user.type(quantityField(), text)
      await user.click(show())
      expect(screen.getByText(message)).toBeInTheDocument()
    }
    expect(fake.calls).toHaveLength(0)
  })

  it('reads digits grouped as desks type them, and states a small face value in rupees', async () => {
    const user = userEvent.setup()
    renderSecurity(<Harness />)
    await user.type(quantityField(), '1,000')
    expect(screen.getByText('₹1 lakh face value at ₹100 per unit')).toBeInTheDocument()
    await user.clear(quantityField())
    await user.type(quantityField(), '5')
    expect(screen.getByText('₹500 face value at ₹100 per unit')).toBeInTheDocument()
  })

  it('shows dated interest, principal and total in rupees with Indian grouping, and a chart', async () => {
    const user = userEvent.setup()
    const { fake } = renderSecurity(<Harness />)
    fake.on('POST', PATH, { body: cashflowAnswer(1000) })
    await user.type(quantityField(), '1000')
    expect(screen.getByText('₹1 lakh face value at ₹100 per unit')).toBeInTheDocument()
    await user.keyboard('{Enter}')
    const table = await screen.findByRole('table', { name: /Cash flows for 1,000 units/ })
    expect(fake.callsTo('POST', PATH)[0]?.body).toEqual({ quantity: 1000, ref_date: '2025-11-24' })
    const rows = within(table).getAllByRole('row')
    // header, 13 payments, total
    expect(rows).toHaveLength(15)
    expect(rows[1]).toHaveTextContent('17-Jan-2026₹3,270.00₹0.00₹3,270.00')
    expect(rows[13]).toHaveTextContent('17-Jan-2032₹3,270.00₹1,00,000.00₹1,03,270.00')
    expect(rows[14]).toHaveTextContent('Total₹42,510.00₹1,00,000.00₹1,42,510.00')
    const chart = screen.getByRole('img', { name: /Cash flows by date/ })
    expect(chart).toHaveAccessibleDescription(
      '13 payments from 17-Jan-2026 to 17-Jan-2032: interest ₹42,510.00, principal ₹1,00,000.00, total ₹1,42,510.00.',
    )
  })

  it('asks again when the settlement date changes', async () => {
    const user = userEvent.setup()
    const { fake } = renderSecurity(<Harness />)
    fake.on('POST', PATH, { body: cashflowAnswer(10) }, { body: cashflowAnswer(10, '2025-11-25') })
    await user.type(quantityField(), '10{Enter}')
    await screen.findByRole('table', { name: /from settlement on 24-Nov-2025/ })
    await user.click(screen.getByRole('button', { name: 'Next day' }))
    await screen.findByRole('table', { name: /from settlement on 25-Nov-2025/ })
    expect(fake.callsTo('POST', PATH).map((c) => c.body)).toEqual([
      { quantity: 10, ref_date: '2025-11-24' },
      { quantity: 10, ref_date: '2025-11-25' },
    ])
  })

  it('shows a failure with a retry, and the server’s reason for a refused request', async () => {
    const user = userEvent.setup()
    const { fake } = renderSecurity(<Harness />)
    fake.on(
      'POST',
      PATH,
      { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'down' } },
      { body: cashflowAnswer(5) },
    )
    await user.type(quantityField(), '5{Enter}')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The cash flows could not be loaded.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: /Cash flows for 5 units/ })).toBeInTheDocument()
  })

  it('says when no payments remain', async () => {
    const user = userEvent.setup()
    const { fake } = renderSecurity(<Harness />)
    fake.on('POST', PATH, { body: { ...cashflowAnswer(5), cashflows: [] } })
    await user.type(quantityField(), '5{Enter}')
    expect(await screen.findByText('No payments remain')).toBeInTheDocument()
  })

  it('explains why a bond that cannot be priced has no cash flows, without asking', () => {
    const { fake } = renderSecurity(<Harness bond={floatingInfo()} />)
    expect(screen.getByText('Cash flows are not available')).toBeInTheDocument()
    expect(
      screen.getByText('Its coupon floats, so future interest is not known.'),
    ).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it('shows a skeleton while the cash flows load', async () => {
    const user = userEvent.setup()
    let release: (r: Response) => void = () => {}
    const { fake } = renderSecurity(<Harness />)
    fake.on('POST', PATH, () => new Promise<Response>((resolve) => (release = resolve)))
    await user.type(quantityField(), '5{Enter}')
    expect(screen.getByRole('status', { name: 'Loading cash flows' })).toBeInTheDocument()
    await act(async () => release(Response.json(cashflowAnswer(5))))
    expect(await screen.findByRole('table', { name: /Cash flows for 5 units/ })).toBeInTheDocument()
  })
})
