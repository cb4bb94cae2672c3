import type { Meta, StoryObj } from '@storybook/react-vite'
import { makeBook } from '../testing/factory.ts'
import { InventoryCharts } from './charts.tsx'

const meta = {
  title: 'inventory/InventoryCharts',
  component: InventoryCharts,
  args: { totals: makeBook().totals },
} satisfies Meta<typeof InventoryCharts>

export default meta
type Story = StoryObj<typeof meta>

/** The maturity profile and issuer concentration of the factory's book. */
export const Book: Story = {}

/** The same in the dark theme. */
export const BookDark: Story = { parameters: { scheme: 'dark' } }

/** Nine issuers: the largest seven and "Others". */
export const ManyIssuers: Story = {
  args: {
    totals: {
      ...makeBook().totals,
      by_issuer: Array.from({ length: 9 }, (_, i) => ({
        name: [
          'Government of India',
          'State Government of Maharashtra',
          'REC Limited',
          'NABARD',
          'Power Finance Corporation Limited',
          'Small Industries Development Bank of India',
          'HDFC Bank Limited',
          'Indian Railway Finance Corporation Limited',
          'Karnataka',
        ][i]!,
        market_value: (9 - i) * 1_00_00_000,
        share: (9 - i) / 45,
      })),
    },
  },
}
