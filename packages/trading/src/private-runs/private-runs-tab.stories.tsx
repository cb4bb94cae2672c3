import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { lineRfq, runLine, runPage, TWO_WAY } from './fixtures.ts'
import { PrivateRunsTab } from './private-runs-tab.tsx'

const run = (lines = TWO_WAY): StoryAnswers => ({
  'GET api/eoi/private-run/': { body: runPage(lines) },
})

const meta = {
  title: 'trading/PrivateRunsTab',
  component: PrivateRunsTab,
  args: {
    description: 'Quotes from across your chats will be displayed here.',
    canAct: true,
    exchanges: ['NSE', 'BSE'],
  },
  parameters: { answers: run() },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Box maw={1100}>
          <Story />
        </Box>
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof PrivateRunsTab>

export default meta
type Story = StoryObj<typeof meta>

/** A broker's two-way in the run, and an unsure quote waiting for one-tap confirm. */
export const Live: Story = {}

/** Lines on the exchange: one initiated on NSE RFQ, one dealt on BSE RFQ. */
export const OnTheExchange: Story = {
  parameters: {
    answers: run([
      runLine({ id: 1, rfq: lineRfq({ state: 'quoted', yield: 0.0711, turn: 'initiator' }) }),
      runLine({
        id: 2,
        quote_type: 'ASK',
        yield: 0.071,
        rfq: lineRfq({ exchange: 'BSE', state: 'dealt', turn: null }),
      }),
    ]),
  },
}

/** A long run: many messages, many lines (the grid renders only the rows in view). */
export const LongRun: Story = {
  parameters: {
    answers: run(
      Array.from({ length: 300 }, (_, i) =>
        runLine({
          id: i + 1,
          message_id: 1000 - Math.floor(i / 4),
          quote_type: i % 2 ? 'ASK' : 'BID',
          yield: 0.07 + (i % 17) / 10_000,
          quantum: ((i % 5) + 1) * 50_000_000,
          sender_name: i % 8 < 4 ? 'Bharat Broker' : 'Asha Arora',
        }),
      ),
    ),
  },
}

/** Nothing read yet: what comes next. */
export const Empty: Story = { parameters: { answers: run([]) } }

/** A user without trade access: an empty run and no actions. */
export const NoTradeAccess: Story = {
  args: { canAct: false, exchanges: [] },
  parameters: { answers: run([]) },
}

/** The run could not be loaded: a retry. */
export const Failed: Story = {
  parameters: {
    answers: {
      'GET api/eoi/private-run/': {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'Try again' },
      },
    },
  },
}

/** The live run in the dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
