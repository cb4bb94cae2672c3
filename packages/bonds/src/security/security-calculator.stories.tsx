import { emptyPricingValue, type PricingValue } from '@bonds/pricing/react'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { SecurityCalculator, type SecurityCalculatorProps } from './security-calculator.tsx'
import { DEFAULT_SETTLEMENT, resolveSettlement, type SettlementChoice } from './settlement.ts'
import { termsOf } from './terms.ts'
import { bondInfo, floatingInfo } from './testing/fixtures.ts'

/** The calculator with its value and settlement in state, as the page holds them. */
function Stateful(props: SecurityCalculatorProps) {
  const [value, setValue] = useState<PricingValue>(props.value)
  const [settlement, setSettlement] = useState<SettlementChoice>(props.settlement)
  return (
    <Box p="md" maw={480}>
      <SecurityCalculator
        {...props}
        value={value}
        onChange={setValue}
        settlement={settlement}
        settlementDate={resolveSettlement(settlement, props.terms, props.today)}
        onSettlementChange={setSettlement}
      />
    </Box>
  )
}

const meta = {
  title: 'bonds/security/SecurityCalculator',
  component: SecurityCalculator,
  args: {
    bond: bondInfo(),
    terms: termsOf(bondInfo()),
    today: '2025-11-21',
    value: { fixedField: 'yield', bondYield: 0.0668, cleanPrice: null },
    onChange: () => {},
    settlement: DEFAULT_SETTLEMENT,
    settlementDate: '2025-11-24',
    onSettlementChange: () => {},
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof SecurityCalculator>

export default meta
type Story = StoryObj<typeof meta>

/** Yield fixed at 6.68%, T+1. */
export const YieldAtT1: Story = {}
/** A chosen settlement date. */
export const ChosenDate: Story = { args: { settlement: { kind: 'date', date: '2026-01-05' } } }
/** A floating bond: yield only. */
export const NotPriceable: Story = {
  args: { bond: floatingInfo(), terms: null, value: emptyPricingValue() },
}
