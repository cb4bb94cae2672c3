import type { Meta, StoryObj } from '@storybook/react-vite'
import { makePage, makeReconstruction, makeTicket } from '../testing/factory.ts'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { SurveillanceTrades } from './surveillance-trades.tsx'

const NOW = Date.parse('2026-11-26T05:30:00.000Z')

const ROWS = [
  makeTicket({
    id: 7,
    kind: 'order',
    state: 'accepted',
    actions: [],
    display_name: '7.18% GS 2033',
    report: { ...makeTicket().report, overdue: true },
    updated_at: '2026-11-26T05:20:00.000Z',
  }),
  makeReconstruction().ticket,
  makeTicket({ id: 12, state: 'draft', actions: [], display_name: '7.26% GS 2034' }),
]

const meta = {
  title: 'ticketing/SurveillanceTrades',
  component: SurveillanceTrades,
  args: { now: () => NOW },
  parameters: {
    answers: {
      'GET api/surveillance/trades/': { body: makePage(ROWS, 45) },
      'GET api/surveillance/trades/101/': { body: makeReconstruction() },
      'GET api/surveillance/trades/101/pdf/': {
        body: '%PDF-1.7',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="trade-101-reconstruction.pdf"',
        },
      },
    } satisfies StoryAnswers,
  },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Story />
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof SurveillanceTrades>

export default meta
type Story = StoryObj<typeof meta>

/** The firm's trades, one overdue; open 6.54% GS 2032 to see its reconstruction. */
export const Trades: Story = {}

/** No trades yet. */
export const Empty: Story = {
  parameters: { answers: { 'GET api/surveillance/trades/': { body: makePage([]) } } },
}

/** While the list is asked for. */
export const Loading: Story = {
  parameters: {
    answers: { 'GET api/surveillance/trades/': () => new Promise<Response>(() => {}) },
  },
}

/** The list failed: a retry. */
export const Failed: Story = {
  parameters: { answers: { 'GET api/surveillance/trades/': { status: 503, body: {} } } },
}

/** The dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
