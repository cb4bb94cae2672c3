import type { Role } from '@bonds/domain'
import { Box, TextInput } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { makePage, makeTicket, makeTicketDetail } from '../testing/factory.ts'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { TicketingTab } from './ticketing-tab.tsx'

const NOW = Date.parse('2026-11-26T05:05:00.000Z')

const TICKETS = [
  makeTicket({ id: 8, state: 'draft', actions: ['edit', 'send', 'cancel'] }),
  makeTicket({
    id: 9,
    state: 'accepted',
    kind: 'order',
    display_name: '7.18% GS 2033',
    quantum: 25_00_000,
    updated_at: '2026-11-26T04:30:00.000Z',
    report: { ...makeTicket().report, overdue: true },
  }),
  makeTicket({ id: 10, state: 'reported', display_name: '7.26% GS 2034', quantum: 1_00_00_000 }),
]

const meta = {
  title: 'ticketing/TicketingTab',
  component: TicketingTab,
  args: {
    viewer: { roles: ['clientdealer'] as Role[] },
    renderBondPicker: () => <TextInput size="xs" label="Bond" placeholder="Bond search" />,
    now: () => NOW,
  },
  parameters: {
    answers: {
      'GET api/chatter/trade/': { body: makePage(TICKETS) },
      'GET api/chatter/trade/8/': { body: makeTicketDetail(TICKETS[0]) },
      'GET api/chatter/trade/9/': { body: makeTicketDetail(TICKETS[1]) },
      'GET api/chatter/trade/10/': { body: makeTicketDetail(TICKETS[2]) },
    } satisfies StoryAnswers,
  },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Box maw={960}>
          <Story />
        </Box>
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof TicketingTab>

export default meta
type Story = StoryObj<typeof meta>

/** A Dealer's open tickets: a draft, an overdue order, a reported trade (choose one to open it). */
export const Dealer: Story = {}

/** A Trade Viewer reads: no "New ticket", no action buttons. */
export const TradeViewer: Story = { args: { viewer: { roles: ['clientviewer'] } } }

/** No open tickets yet. */
export const Empty: Story = {
  parameters: { answers: { 'GET api/chatter/trade/': { body: makePage([]) } } },
}

/** While the list is asked for (the answer never comes). */
export const Loading: Story = {
  parameters: { answers: { 'GET api/chatter/trade/': () => new Promise<Response>(() => {}) } },
}

/** The list failed: a retry. */
export const Failed: Story = {
  parameters: { answers: { 'GET api/chatter/trade/': { status: 503, body: {} } } },
}

/** The dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
