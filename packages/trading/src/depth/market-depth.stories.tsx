import { createFakeFetch, type FakeAnswer } from '@bonds/api-client/testing'
import type { MarketDepth } from '@bonds/domain'
import { createTestStore } from '@bonds/ui-kit/testing'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import { MarketDepthLadder } from './market-depth.tsx'

const ISIN = 'IN0020210244'

const level = (price: number, bondYield: number, quantum: number, mine = 0) => ({
  unit_clean_price: price,
  bond_yield: bondYield,
  settlement_date: '2026-11-26',
  quantum,
  quotes: 1,
  mine,
})

const BOOK: MarketDepth = {
  finstrument_id: ISIN,
  isin: ISIN,
  display_name: '6.54% GS 2032',
  bids: [level(99.5, 0.0654, 10_00_00_000, 5_00_00_000), level(99.45, 0.0655, 5_00_00_000)],
  asks: [level(99.6, 0.0653, 5_00_00_000), level(99.65, 0.0652, 10_00_00_000)],
  as_of: '2026-11-25T05:00:00.000Z',
}

/** A store whose `GET api/quote/depth/` gives `answer` (made once per story). */
function WithDepth({ answer, children }: { answer: FakeAnswer; children: ReactNode }) {
  const [{ store }] = useState(() =>
    createTestStore({ fake: createFakeFetch().on('GET', 'api/quote/depth/', answer) }),
  )
  return <Provider store={store}>{children}</Provider>
}

const meta = {
  title: 'trading/MarketDepthLadder',
  component: MarketDepthLadder,
  args: { isin: ISIN },
  parameters: { answer: { body: BOOK } satisfies FakeAnswer },
  decorators: [
    (Story, context) => (
      <WithDepth answer={context.parameters.answer as FakeAnswer}>
        <Box p="md" maw={640}>
          <Story />
        </Box>
      </WithDepth>
    ),
  ],
} satisfies Meta<typeof MarketDepthLadder>

export default meta
type Story = StoryObj<typeof meta>

/** Bids and offers level by level, best first; the desk's own share marked. */
export const Live: Story = {}

/** Nobody quotes the bond right now. */
export const NoQuotes: Story = {
  parameters: { answer: { body: { ...BOOK, bids: [], asks: [] } } },
}

/** While the depth is asked for (the answer never comes). */
export const Loading: Story = {
  parameters: { answer: () => new Promise<Response>(() => {}) },
}

/** The call failed: the panel says so and offers to try again. */
export const Failed: Story = {
  parameters: { answer: { status: 503, body: { detail: 'Service unavailable' } } },
}
