import type { Meta, StoryObj } from '@storybook/react-vite'
import { makeReconstruction } from '../testing/factory.ts'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { TradeReconstruction } from './trade-reconstruction.tsx'

const LONG = makeReconstruction()
LONG.events = Array.from({ length: 60 }, (_, i) => ({
  at: new Date(Date.parse('2026-11-26T04:00:00.000Z') + i * 60_000).toISOString(),
  kind: i === 40 ? ('quote' as const) : ('message' as const),
  title: i === 40 ? 'Quote (the ticket’s deal message)' : 'Message',
  detail:
    i % 7 === 0
      ? 'Colour: PSU banks on the bid, 10y printed 7.0375 at the open, FPIs light sellers since the minutes; the 32s stay anchored while the curve bear-flattens into Friday’s auction.'
      : `6.54 GS 32 7.04${String(i).padStart(2, '0')}/7.03 25/25`,
  actor_name: i % 2 ? 'Vikram Shah' : 'Asha Rao',
  actor_client_name: i % 2 ? 'Beta Bank' : 'Alpha Capital',
}))

const pdf = {
  body: '%PDF-1.7',
  headers: {
    'content-type': 'application/pdf',
    'content-disposition': 'attachment; filename="trade-101-reconstruction.pdf"',
  },
}

const meta = {
  title: 'ticketing/TradeReconstruction',
  component: TradeReconstruction,
  args: { id: 101 },
  parameters: {
    answers: {
      'GET api/surveillance/trades/101/': { body: makeReconstruction() },
      'GET api/surveillance/trades/101/pdf/': pdf,
    } satisfies StoryAnswers,
  },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Story />
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof TradeReconstruction>

export default meta
type Story = StoryObj<typeof meta>

/** A settled order from a chat deal: RFQ, chat, quote, ticket, order, report, settlement. */
export const Settled: Story = {}

/** A long chat around the deal. */
export const LongChat: Story = {
  parameters: {
    answers: {
      'GET api/surveillance/trades/101/': { body: LONG },
      'GET api/surveillance/trades/101/pdf/': pdf,
    },
  },
}

/** An order past its reporting window. */
export const Overdue: Story = {
  parameters: {
    answers: {
      'GET api/surveillance/trades/101/': {
        body: makeReconstruction({
          ticket: {
            ...makeReconstruction().ticket,
            state: 'accepted',
            settled_at: null,
            report: {
              ...makeReconstruction().ticket.report,
              status: 'not_reported',
              reference: null,
              overdue: true,
            },
          },
        }),
      },
    },
  },
}

/** The PDF export fails: the reason beside the button. */
export const ExportFails: Story = {
  parameters: {
    answers: {
      'GET api/surveillance/trades/101/': { body: makeReconstruction() },
      'GET api/surveillance/trades/101/pdf/': {
        status: 404,
        body: { message: 'Ticket not found' },
      },
    },
  },
}

/** While it is asked for. */
export const Loading: Story = {
  parameters: {
    answers: { 'GET api/surveillance/trades/101/': () => new Promise<Response>(() => {}) },
  },
}

/** Not reconstructed: a retry. */
export const Failed: Story = {
  parameters: {
    answers: {
      'GET api/surveillance/trades/101/': { status: 404, body: { message: 'Ticket not found' } },
    },
  },
}

/** The dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
