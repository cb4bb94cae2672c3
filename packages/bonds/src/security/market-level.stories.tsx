import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { MarketLevel } from './market-level.tsx'
import { DISCLOSED_YIELD, LIVE_OFFER, NO_MARKET_QUOTE } from './testing/fixtures.ts'

const meta = {
  title: 'bonds/security/MarketLevel',
  component: MarketLevel,
  args: { quote: { status: 'ready', data: LIVE_OFFER }, onUse: () => {} },
  decorators: [
    (Story) => (
      <Box p="md" maw={480}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof MarketLevel>

export default meta
type Story = StoryObj<typeof meta>

/** A trader's view: the best live offer, its size and settlement. */
export const LiveOffer: Story = {}

/** No live offer: the yield the issuer last disclosed, carried to the settlement. */
export const DisclosedYield: Story = { args: { quote: { status: 'ready', data: DISCLOSED_YIELD } } }

/** The last trade the platform knows. */
export const LastTrade: Story = {
  args: {
    quote: {
      status: 'ready',
      data: {
        ...LIVE_OFFER,
        source: 'TRADE',
        as_of: '2025-11-20T06:00:00.000Z',
        quantum: 2_50_00_000,
      },
    },
  },
}

/** Nothing in the market for the bond. */
export const NoLevel: Story = { args: { quote: { status: 'ready', data: NO_MARKET_QUOTE } } }

/** While the market is asked. */
export const Loading: Story = { args: { quote: { status: 'loading' } } }
