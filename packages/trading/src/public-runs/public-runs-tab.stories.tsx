import { createFakeFetch, type FakeAnswer } from '@bonds/api-client/testing'
import { createTestStore } from '@bonds/ui-kit/testing'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import { makeCluster, makeRun, makeRunPage } from '../testing/rfq-factory.ts'
import { PublicRunsTab } from './public-runs-tab.tsx'

const RUNS = [
  makeRun({ clusters: [makeCluster()] }),
  makeRun({
    finstrument_id: 'INE001A07TM4',
    isin: 'INE001A07TM4',
    display_name: '8.70% HDFC 2029',
    ask: null,
    quotes: 1,
  }),
]

function WithRuns({ answer, children }: { answer: FakeAnswer; children: ReactNode }) {
  const [{ store }] = useState(() =>
    createTestStore({ fake: createFakeFetch().on('GET', 'api/trade/d/market/', answer) }),
  )
  return <Provider store={store}>{children}</Provider>
}

const meta = {
  title: 'trading/PublicRunsTab',
  component: PublicRunsTab,
  args: { canTrade: true, canQuote: true, exchanges: ['NSE', 'BSE'] },
  parameters: { answer: { body: makeRunPage(RUNS) } satisfies FakeAnswer },
  decorators: [
    (Story, context) => (
      <WithRuns answer={context.parameters.answer as FakeAnswer}>
        <Box p="md" maw={960}>
          <Story />
        </Box>
      </WithRuns>
    ),
  ],
} satisfies Meta<typeof PublicRunsTab>

export default meta
type Story = StoryObj<typeof meta>

/** Best bid and offer per bond; a cluster of the desk's to accept. */
export const Live: Story = {}

/** A full market: a hundred bonds in the scrolling grid (only the lines in view are drawn). */
export const FullMarket: Story = {
  parameters: {
    answer: {
      body: makeRunPage(
        Array.from({ length: 100 }, (_, at) =>
          makeRun({
            finstrument_id: `IN20202${String(at).padStart(5, '0')}`,
            isin: `IN20202${String(at).padStart(5, '0')}`,
            display_name: `7.${String(10 + at).padStart(2, '0')}% SDL 20${30 + (at % 9)}`,
            quotes: 1 + (at % 4),
            ...(at % 5 === 0 ? { ask: null } : {}),
          }),
        ),
      ),
    } satisfies FakeAnswer,
  },
}

/** No runs in the market. */
export const Empty: Story = { parameters: { answer: { body: makeRunPage([]) } } }

/** An account without trade access: empty, with the trade-timing text. */
export const WithoutTradeAccess: Story = {
  args: { canTrade: false, canQuote: false, exchanges: [] },
  parameters: { answer: { body: makeRunPage([]) } },
}

/** While the runs are asked for. */
export const Loading: Story = {
  parameters: { answer: () => new Promise<Response>(() => {}) },
}

/** The call failed. */
export const Failed: Story = {
  parameters: { answer: { status: 503, body: { detail: 'Service unavailable' } } },
}

/** The dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
