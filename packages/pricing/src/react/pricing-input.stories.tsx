import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import type { BondTerms } from '../index.ts'
import { PricingInput, type PricingInputProps } from './pricing-input.tsx'
import { emptyPricingValue } from './pricing-value.ts'

const gsec: BondTerms = {
  convention: 'GSEC',
  maturityDate: '2035-10-06',
  couponRate: 0.0633,
  frequency: 2,
  recordDays: 15,
}
const longStrips: BondTerms = { convention: 'GSEC', maturityDate: '2055-06-16', couponRate: 0 }
const bond = (maturity: string, listed: boolean) => ({
  display_name: '6.33% GS 2035',
  identifiers: { isin: 'IN0020250026' },
  contract_parameters: { is_listed: listed, maturity_date: maturity },
})

/** The input with its value in state, as a form holds it; every change also goes to Actions. */
function Controlled(props: PricingInputProps) {
  const [value, setValue] = useState(props.value)
  return (
    <Box p="md" maw={380}>
      <PricingInput
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next)
          props.onChange(next)
        }}
      />
    </Box>
  )
}

const meta = {
  title: 'pricing/PricingInput',
  component: PricingInput,
  args: {
    terms: gsec,
    settlementDate: '2025-11-24',
    today: '2025-11-24',
    value: { fixedField: 'yield', bondYield: 0.0712, cleanPrice: null },
    onChange: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof PricingInput>

export default meta
type Story = StoryObj<typeof meta>

/** Yield fixed at 7.12%: the price, accrued interest and dirty price follow each keystroke. */
export const YieldFixed: Story = {}
/** Price fixed at 98.50: the yield follows. */
export const PriceFixed: Story = {
  args: { value: { fixedField: 'price', bondYield: null, cleanPrice: 98.5 } },
}
/** Nothing typed yet. */
export const Empty: Story = { args: { value: emptyPricingValue() } }
/** A bond that cannot be priced: the Price option is disabled; only a yield can be fixed. */
export const NotPriceable: Story = {
  args: { terms: null, value: { fixedField: 'yield', bondYield: 0.0845, cleanPrice: null } },
}
/** A floating-rate bond: the library cannot price it, so the same as above. */
export const FloatingRate: Story = { args: { terms: { ...gsec, floating: true } } }
/** A long STRIPS: a price below the switch threshold stays a price. */
export const LongStripsLowPrice: Story = {
  args: { terms: longStrips, value: { fixedField: 'price', bondYield: null, cleanPrice: 13.08 } },
}
/** Settling between the record date and the coupon: negative accrued, flagged ex-interest. */
export const ExInterest: Story = { args: { settlementDate: '2026-03-30' } }
/** The bond is shown with its name; a listed bond before maturity can be priced. */
export const WithBond: Story = { args: { bond: bond('2035-10-06', true) } }
/** A matured bond: shown, not selectable. */
export const Matured: Story = { args: { bond: bond('2025-10-06', true), terms: null } }
/** An unlisted bond: shown, not selectable. */
export const Unlisted: Story = { args: { bond: bond('2035-10-06', false) } }
/** Matured and unlisted. */
export const MaturedAndUnlisted: Story = { args: { bond: bond('2025-10-06', false), terms: null } }
/** Empty after a submit: "Yield is required". */
export const ValidationRequired: Story = {
  args: { value: emptyPricingValue(), showErrors: true },
}
/** A price outside 1 to 250 after a submit. */
export const ValidationPriceRange: Story = {
  args: { value: { fixedField: 'price', bondYield: null, cleanPrice: 300 }, showErrors: true },
}
/** Yield fixed in the dark theme. */
export const YieldFixedDark: Story = { parameters: { scheme: 'dark' } }
/** Price fixed in the dark theme. */
export const PriceFixedDark: Story = {
  args: { value: { fixedField: 'price', bondYield: null, cleanPrice: 98.5 } },
  parameters: { scheme: 'dark' },
}
/** Not priceable in the dark theme. */
export const NotPriceableDark: Story = {
  args: { terms: null, value: { fixedField: 'yield', bondYield: 0.0845, cleanPrice: null } },
  parameters: { scheme: 'dark' },
}
/** A matured bond in the dark theme. */
export const MaturedDark: Story = {
  args: { bond: bond('2025-10-06', true), terms: null },
  parameters: { scheme: 'dark' },
}
/** A validation message in the dark theme. */
export const ValidationDark: Story = {
  args: { value: { fixedField: 'price', bondYield: null, cleanPrice: 300 }, showErrors: true },
  parameters: { scheme: 'dark' },
}
