import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { CashflowChart } from './cashflow-chart.tsx'
import { cashflowAnswer } from './testing/fixtures.ts'

const meta = {
  title: 'bonds/security/CashflowChart',
  component: CashflowChart,
  args: { flows: cashflowAnswer(1000).cashflows },
  render: (args) => (
    <Box p="md">
      <CashflowChart {...args} />
    </Box>
  ),
} satisfies Meta<typeof CashflowChart>

export default meta
type Story = StoryObj<typeof meta>

/** Half-yearly interest and the principal at maturity. */
export const HalfYearly: Story = {}
/** Eighty payments of a long bond in crore. */
export const LongBond: Story = {
  args: {
    flows: Array.from({ length: 80 }, (_, i) => {
      const year = 2026 + Math.floor(i / 2)
      const principal = i === 79 ? 50_00_00_000 : 0
      return {
        date: `${year}-${i % 2 ? '07' : '01'}-15`,
        interest: 1_75_00_000,
        principal,
        total: 1_75_00_000 + principal,
      }
    }),
  },
}
/** At 360px wide. */
export const Narrow: Story = {
  render: (args) => (
    <Box p="xs" w={360}>
      <CashflowChart {...args} />
    </Box>
  ),
}
/** Dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
