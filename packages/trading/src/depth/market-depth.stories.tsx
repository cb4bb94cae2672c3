import { baseApi } from '@bonds/api-client'
import { createFakeFetch, type FakeAnswer } from '@bonds/api-client/testing'
import type { MarketDepth } from '@bonds/domain'
import { createTestStore } from '@bonds/ui-kit/testing'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState, type ReactNode } from 'react'
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

/**
 * A store whose `GET api/quote/depth/` gives `answer` (made once per story); with `next`, the
 * depth is fetched again once it is shown (as a streamed quote does) and answered with `next`.
 */
function WithDepth({
  answer,
  next,
  children,
}: {
  answer: FakeAnswer
  next?: FakeAnswer | undefined
  children: ReactNode
}) {
  const [{ store }] = useState(() =>
    createTestStore({
      fake: createFakeFetch().on('GET', 'api/quote/depth/', answer, ...(next ? [next] : [])),
    }),
  )
  useEffect(() => {
    if (!next) return
    const timer = setTimeout(
      () => store.dispatch(baseApi.util.invalidateTags([{ type: 'Depth', id: ISIN }])),
      300,
    )
    return () => clearTimeout(timer)
  }, [next, store])
  return <Provider store={store}>{children}</Provider>
}

const meta = {
  title: 'trading/MarketDepthLadder',
  component: MarketDepthLadder,
  args: { isin: ISIN },
  parameters: { answer: { body: BOOK } satisfies FakeAnswer },
  decorators: [
    (Story, context) => (
      <WithDepth
        answer={context.parameters.answer as FakeAnswer}
        next={context.parameters.next as FakeAnswer | undefined}
      >
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

/**
 * After a quote streamed in: a new offer level says "new", a bid that shrank and an offer that
 * grew show the arrow with the amount (labelled with the size before); unchanged levels show none.
 */
export const Changed: Story = {
  parameters: {
    next: {
      body: {
        ...BOOK,
        bids: [level(99.5, 0.0654, 7_50_00_000, 5_00_00_000), level(99.45, 0.0655, 5_00_00_000)],
        asks: [
          level(99.55, 0.06535, 2_00_00_000),
          level(99.6, 0.0653, 5_00_00_000),
          level(99.65, 0.0652, 12_00_00_000),
        ],
      },
    } satisfies FakeAnswer,
  },
}

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
