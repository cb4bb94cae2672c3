// @vitest-environment jsdom
import { VALIDATION_MESSAGES as M } from '@bonds/domain'
import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as library from '../index.ts'
import { prepareBond, priceFromYield, roundDecimal, roundTo, type BondTerms } from '../index.ts'
import { PricingInput, type PricingInputProps } from './pricing-input.tsx'
import { emptyPricingValue, type PricingValue } from './pricing-value.ts'

// Count the library's schedule builds: one per (terms, settlement), not one per keystroke.
vi.mock('../index.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof library>()
  return { ...actual, prepareBond: vi.fn(actual.prepareBond) }
})

const SETTLEMENT = '2025-11-24'
const gsec: BondTerms = {
  convention: 'GSEC',
  maturityDate: '2035-10-06',
  couponRate: 0.0633,
  frequency: 2,
}
const longStrips: BondTerms = { convention: 'GSEC', maturityDate: '2055-06-16', couponRate: 0 }

const priceAt = (y: number, settlement = SETTLEMENT) =>
  roundTo(priceFromYield(gsec, settlement, y).cleanPrice, 4)

type HarnessProps = Omit<PricingInputProps, 'value' | 'onChange'> & {
  initial?: PricingValue
  onValue?: (value: PricingValue) => void
}

/** A parent that keeps the value in state, as a form would. */
function Harness({ initial = emptyPricingValue(), onValue, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial)
  return (
    <PricingInput
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next)
        onValue?.(next)
      }}
    />
  )
}

function setup(props: Partial<HarnessProps> = {}) {
  const onValue = vi.fn<(value: PricingValue) => void>()
  const view = render(
    <MantineProvider env="test">
      <Harness terms={gsec} settlementDate={SETTLEMENT} onValue={onValue} {...props} />
    </MantineProvider>,
  )
  const last = () => onValue.mock.lastCall?.[0]
  return { ...view, onValue, last, user: userEvent.setup() }
}

const yieldField = () => screen.getByRole('textbox', { name: 'Yield (%)' })
const priceField = () => screen.getByRole('textbox', { name: 'Price (per ₹100)' })
const readout = (name: string) => screen.getByRole('status', { name })

beforeEach(() => {
  vi.mocked(prepareBond).mockClear()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('PricingInput: yield fixed', () => {
  it('computes the price, accrued interest and dirty price as the user types a yield', async () => {
    const { user, last } = setup()
    expect(screen.getByRole('radio', { name: 'Yield' })).toBeChecked()
    await user.type(yieldField(), '7.1234')
    const clean = priceAt(0.071234)
    expect(readout('Price')).toHaveTextContent(roundDecimal(clean, 4))
    const { accruedInterest } = priceFromYield(gsec, SETTLEMENT, 0.071234)
    expect(readout('Accrued')).toHaveTextContent(roundDecimal(accruedInterest, 4))
    expect(readout('Dirty price')).toHaveTextContent(roundDecimal(clean + accruedInterest, 4))
    expect(last()).toEqual({ fixedField: 'yield', bondYield: 0.071234, cleanPrice: clean })
  })

  it('updates on every keystroke, in the browser: one schedule build and no request', async () => {
    const fetchSpy = vi.fn()
    vi.stubGlobal('fetch', fetchSpy)
    const { user, onValue } = setup()
    await user.type(yieldField(), '7.25')
    // '7' and '7.' give the same value (no new call); '7.2' and '7.25' each give a new one.
    expect(onValue.mock.calls.map(([v]) => v.bondYield)).toEqual([0.07, 0.072, 0.0725])
    expect(onValue.mock.calls.map(([v]) => v.cleanPrice)).toEqual([
      priceAt(0.07),
      priceAt(0.072),
      priceAt(0.0725),
    ])
    expect(prepareBond).toHaveBeenCalledTimes(1)
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('shows a stored yield as a percent with 4 decimals and prices it', () => {
    const { last } = setup({
      initial: { fixedField: 'yield', bondYield: 0.0712, cleanPrice: null },
    })
    expect(yieldField()).toHaveValue('7.1200')
    expect(readout('Price')).toHaveTextContent(roundDecimal(priceAt(0.0712), 4))
    // The parent's value gets the computed price too.
    expect(last()).toEqual({ fixedField: 'yield', bondYield: 0.0712, cleanPrice: priceAt(0.0712) })
  })

  it('steps the yield by a basis point with the arrow keys', async () => {
    const { user, last } = setup({
      initial: { fixedField: 'yield', bondYield: 0.07, cleanPrice: null },
    })
    await user.click(yieldField())
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}')
    expect(yieldField()).toHaveValue('7.0100')
    expect(last()?.bondYield).toBe(0.0701)
  })
})

describe('PricingInput: price fixed', () => {
  it('switches the fixed field with the control, carrying the computed price over', async () => {
    const { user, last } = setup({
      initial: { fixedField: 'yield', bondYield: 0.07, cleanPrice: null },
    })
    await user.click(screen.getByRole('radio', { name: 'Price' }))
    expect(screen.getByRole('radio', { name: 'Price' })).toBeChecked()
    expect(priceField()).toHaveValue(roundDecimal(priceAt(0.07), 4))
    expect(last()?.fixedField).toBe('price')
    expect(last()?.cleanPrice).toBe(priceAt(0.07))

    await user.clear(priceField())
    await user.type(priceField(), '98.5')
    const y = roundTo(prepareBond(gsec, SETTLEMENT).yieldFor(98.5), 6)
    expect(readout('Yield')).toHaveTextContent(`${roundDecimal(y * 100, 4)}%`)
    expect(last()).toEqual({ fixedField: 'price', bondYield: y, cleanPrice: 98.5 })
  })

  it('steps the price by 0.0001 with the arrow keys', async () => {
    const { user, last } = setup({
      initial: { fixedField: 'price', bondYield: null, cleanPrice: 98.5 },
    })
    await user.click(priceField())
    await user.keyboard('{ArrowUp}')
    expect(priceField()).toHaveValue('98.5001')
    expect(last()?.cleanPrice).toBe(98.5001)
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(priceField()).toHaveValue('98.4999')
  })

  it('is reached and switched by keyboard alone', async () => {
    const { user } = setup()
    await user.tab()
    expect(screen.getByRole('radio', { name: 'Yield' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: 'Price' })).toBeChecked()
    await user.tab()
    expect(priceField()).toHaveFocus()
  })
})

describe('PricingInput: the switch threshold', () => {
  it('makes a number above the threshold typed as a yield a price', async () => {
    const { user, last } = setup()
    await user.type(yieldField(), '98.5')
    expect(screen.getByRole('radio', { name: 'Price' })).toBeChecked()
    expect(priceField()).toHaveValue('98.5')
    expect(priceField()).toHaveFocus()
    expect(last()?.fixedField).toBe('price')
    expect(last()?.cleanPrice).toBe(98.5)
  })

  it('makes a number at or below the threshold typed as a price a yield', async () => {
    const { user, last } = setup({
      initial: { fixedField: 'price', bondYield: null, cleanPrice: 98.5 },
    })
    await user.clear(priceField())
    await user.type(priceField(), '7.5')
    expect(screen.getByRole('radio', { name: 'Yield' })).toBeChecked()
    expect(yieldField()).toHaveValue('7.5')
    expect(last()).toEqual({ fixedField: 'yield', bondYield: 0.075, cleanPrice: priceAt(0.075) })
  })

  it('decides exactly at the threshold: 30 is a yield in either mode, 30.0001 a price', async () => {
    const { user } = setup({ initial: { fixedField: 'price', bondYield: null, cleanPrice: 98.5 } })
    await user.clear(priceField())
    await user.click(priceField())
    await user.paste('30.0001')
    expect(priceField()).toHaveValue('30.0001')
    await user.clear(priceField())
    await user.click(priceField())
    await user.paste('30')
    expect(yieldField()).toHaveValue('30')
    await user.clear(yieldField())
    await user.click(yieldField())
    await user.paste('30.0001')
    expect(priceField()).toHaveValue('30.0001')
  })

  it('keeps a low price a price for a long STRIPS', async () => {
    const { user, last } = setup({
      terms: longStrips,
      initial: { fixedField: 'price', bondYield: null, cleanPrice: 50 },
    })
    await user.clear(priceField())
    await user.type(priceField(), '13.08')
    expect(screen.getByRole('radio', { name: 'Price' })).toBeChecked()
    expect(last()?.cleanPrice).toBe(13.08)
    expect(last()?.bondYield).toBe(roundTo(prepareBond(longStrips, SETTLEMENT).yieldFor(13.08), 6))
  })
})

describe('PricingInput: a bond that cannot be priced', () => {
  it('disables the Price option and keeps a high number a yield', async () => {
    const { user, last } = setup({ terms: null })
    expect(screen.getByRole('radio', { name: 'Price' })).toBeDisabled()
    expect(screen.getByText('Price is unavailable for this bond.')).toBeInTheDocument()
    await user.type(yieldField(), '45')
    expect(screen.getByRole('radio', { name: 'Yield' })).toBeChecked()
    expect(readout('Price')).toHaveTextContent('—')
    expect(screen.queryByRole('status', { name: 'Accrued' })).not.toBeInTheDocument()
    expect(last()).toEqual({ fixedField: 'yield', bondYield: 0.45, cleanPrice: null })
  })

  it('treats a floating-rate bond the same, and moves a fixed price to the yield', () => {
    const { last } = setup({
      terms: { ...gsec, floating: true },
      initial: { fixedField: 'price', bondYield: 0.07, cleanPrice: 98 },
    })
    expect(screen.getByRole('radio', { name: 'Price' })).toBeDisabled()
    expect(screen.getByRole('radio', { name: 'Yield' })).toBeChecked()
    expect(yieldField()).toHaveValue('7.0000')
    expect(last()).toEqual({ fixedField: 'yield', bondYield: 0.07, cleanPrice: null })
  })
})

describe('PricingInput: matured and unlisted bonds', () => {
  const bond = (maturity: string, listed: boolean) => ({
    display_name: '6.33% GS 2035',
    identifiers: { isin: 'IN0020250026' },
    contract_parameters: { is_listed: listed, maturity_date: maturity },
  })

  it('shows a matured bond but does not let it be selected', () => {
    setup({ bond: bond('2025-01-15', true), today: '2025-11-24' })
    expect(screen.getByText('6.33% GS 2035')).toBeInTheDocument()
    expect(screen.getByText('Matured')).toBeInTheDocument()
    expect(screen.getByText('This bond is matured: it cannot be selected.')).toBeInTheDocument()
    expect(yieldField()).toBeDisabled()
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled()
  })

  it('shows an unlisted bond but does not let it be selected', () => {
    setup({ bond: bond('2035-10-06', false), today: '2025-11-24' })
    expect(screen.getByText('Unlisted')).toBeInTheDocument()
    expect(screen.getByText('This bond is unlisted: it cannot be selected.')).toBeInTheDocument()
    expect(yieldField()).toBeDisabled()
  })

  it('lets a listed bond before maturity be priced', async () => {
    const { user } = setup({ bond: bond('2035-10-06', true), today: '2025-11-24' })
    expect(screen.queryByText('Matured')).not.toBeInTheDocument()
    expect(screen.queryByText('Unlisted')).not.toBeInTheDocument()
    await user.type(yieldField(), '7')
    expect(readout('Price')).toHaveTextContent(roundDecimal(priceAt(0.07), 4))
  })
})

describe('PricingInput: validation', () => {
  it("shows the domain schemas' messages once the user has typed", async () => {
    const { user, last } = setup()
    expect(screen.queryByText(M.yieldRequired)).not.toBeInTheDocument()
    await user.type(yieldField(), '7')
    await user.clear(yieldField())
    expect(screen.getByText(M.yieldRequired)).toBeInTheDocument()
    expect(yieldField()).toBeInvalid()
    expect(last()).toEqual(emptyPricingValue('yield'))
    await user.type(yieldField(), 'abc')
    expect(screen.getByText(M.shouldBeNumber)).toBeInTheDocument()
  })

  it('checks the price range and step', async () => {
    const { user, last } = setup({
      initial: { fixedField: 'price', bondYield: null, cleanPrice: 98.5 },
    })
    await user.clear(priceField())
    expect(screen.getByText(M.priceRequired)).toBeInTheDocument()
    await user.type(priceField(), '300')
    expect(screen.getByText(M.priceRange)).toBeInTheDocument()
    expect(last()).toEqual(emptyPricingValue('price'))
    await user.clear(priceField())
    await user.type(priceField(), '98.12345')
    expect(screen.getByText(M.priceStep)).toBeInTheDocument()
    expect(readout('Yield')).toHaveTextContent('—')
  })

  it('shows messages before typing when asked (after a submit)', () => {
    setup({ showErrors: true })
    expect(screen.getByText(M.yieldRequired)).toBeInTheDocument()
  })

  it('prices nothing from a value the schema rejects', () => {
    setup({
      initial: { fixedField: 'price', bondYield: null, cleanPrice: 300 },
      showErrors: true,
    })
    expect(screen.getByText(M.priceRange)).toBeInTheDocument()
    expect(readout('Yield')).toHaveTextContent('—')
    expect(readout('Dirty price')).toHaveTextContent('—')
  })

  it('ignores pricing errors silently: no message, the other field empty', async () => {
    const { user, last } = setup({
      initial: { fixedField: 'price', bondYield: null, cleanPrice: 98.5 },
    })
    // A valid price above every remaining flow: no yield from 0 to 100% gives it.
    await user.clear(priceField())
    await user.type(priceField(), '240')
    expect(priceField()).not.toBeInvalid()
    expect(readout('Yield')).toHaveTextContent('—')
    expect(last()).toEqual({ fixedField: 'price', bondYield: null, cleanPrice: 240 })
    // A negative yield: a number to the schema, out of range for the library.
    await user.clear(priceField())
    await user.type(priceField(), '-1')
    expect(yieldField()).not.toBeInvalid()
    expect(readout('Price')).toHaveTextContent('—')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('PricingInput: controlled', () => {
  it('re-prices the other field when the settlement date changes, keeping the text', async () => {
    const { user, last, rerender, onValue } = setup()
    await user.type(yieldField(), '7.1')
    rerender(
      <MantineProvider env="test">
        <Harness terms={gsec} settlementDate="2026-01-05" onValue={onValue} />
      </MantineProvider>,
    )
    expect(yieldField()).toHaveValue('7.1')
    expect(last()).toEqual({
      fixedField: 'yield',
      bondYield: 0.071,
      cleanPrice: priceAt(0.071, '2026-01-05'),
    })
    expect(prepareBond).toHaveBeenCalledTimes(2)
  })

  it('shows the value the parent holds when the parent refuses a change', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const value = { fixedField: 'yield' as const, bondYield: 0.07, cleanPrice: priceAt(0.07) }
    render(
      <MantineProvider env="test">
        <PricingInput terms={gsec} settlementDate={SETTLEMENT} value={value} onChange={onChange} />
      </MantineProvider>,
    )
    await user.clear(yieldField())
    expect(onChange).toHaveBeenCalledWith(emptyPricingValue('yield'))
    expect(yieldField()).toHaveValue('7.0000')
  })

  it('labels the computed numbers for assistive technology', async () => {
    const { user } = setup()
    await user.type(yieldField(), '7')
    const group = readout('Price').parentElement!
    expect(within(group).getByText('Price')).toBeInTheDocument()
    expect(readout('Price')).toHaveAttribute('for', yieldField().id)
  })
})
