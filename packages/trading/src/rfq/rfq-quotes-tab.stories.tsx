import { createFakeFetch, type FakeAnswer } from '@bonds/api-client/testing'
import { createTestStore } from '@bonds/ui-kit/testing'
import { Box, Button } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import { makeEntry, makeNegotiation, makeQuote, makeQuotePage } from '../testing/rfq-factory.ts'
import { RfqQuotesTab } from './rfq-quotes-tab.tsx'

const QUOTES = [
  makeQuote({ id: 10, mine: true, negotiations: [makeNegotiation({ entries: [makeEntry()] })] }),
  makeQuote({
    id: 20,
    quote_type: 'BID',
    display_name: '8.70% HDFC 2029',
    isin: 'INE001A07TM4',
    yield_stored: 0.0871,
    unit_price_stored: 99.8,
    quantum: 5_00_00_000,
  }),
  ...Array.from({ length: 40 }, (_, index) =>
    makeQuote({
      id: 100 + index,
      display_name: `7.${10 + index}% SDL 20${30 + (index % 9)}`,
      isin: `IN20202${String(index).padStart(5, '0')}`,
      quote_type: index % 2 ? 'BID' : 'ASK',
      yield_stored: 0.07 + index / 10_000,
      unit_price_stored: 100 - index / 10,
    }),
  ),
]

/** A store whose `GET api/eoi/rfq-quote/` gives `answer` (made once per story). */
function WithQuotes({ answer, children }: { answer: FakeAnswer; children: ReactNode }) {
  const [{ store }] = useState(() =>
    createTestStore({ fake: createFakeFetch().on('GET', 'api/eoi/rfq-quote/', answer) }),
  )
  return <Provider store={store}>{children}</Provider>
}

const meta = {
  title: 'trading/RfqQuotesTab',
  component: RfqQuotesTab,
  args: {
    canTrade: true,
    clientId: 'client-demo',
    renderBondPicker: (onPick) => (
      <Button
        size="xs"
        variant="default"
        onClick={() => onPick({ finstrument_id: 'IN0020230085', display_name: '7.18% GS 2033' })}
      >
        Pick 7.18% GS 2033
      </Button>
    ),
  },
  parameters: { answer: { body: makeQuotePage(QUOTES) } satisfies FakeAnswer },
  decorators: [
    (Story, context) => (
      <WithQuotes answer={context.parameters.answer as FakeAnswer}>
        <Box p="md" maw={960}>
          <Story />
        </Box>
      </WithQuotes>
    ),
  ],
} satisfies Meta<typeof RfqQuotesTab>

export default meta
type Story = StoryObj<typeof meta>

/** The market's live quotes; the desk's own marked, one with a counter waiting. */
export const Live: Story = {}

/** Nothing quoted right now. */
export const Empty: Story = { parameters: { answer: { body: makeQuotePage([]) } } }

/** An account without trade access: empty, with the trade-timing text. */
export const WithoutTradeAccess: Story = {
  args: { canTrade: false },
  parameters: { answer: { body: makeQuotePage([]) } },
}

/** While the quotes are asked for. */
export const Loading: Story = {
  parameters: { answer: () => new Promise<Response>(() => {}) },
}

/** The call failed: the tab says so and offers to try again. */
export const Failed: Story = {
  parameters: { answer: { status: 503, body: { detail: 'Service unavailable' } } },
}

/** The dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
