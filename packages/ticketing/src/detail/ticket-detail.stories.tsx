import type { Meta, StoryObj } from '@storybook/react-vite'
import { Box } from '@mantine/core'
import { makeTicketDetail } from '../testing/factory.ts'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { TicketDetailView } from './ticket-detail.tsx'

const NOW = Date.parse('2026-11-26T05:05:00.000Z')

const answer = (overrides: Parameters<typeof makeTicketDetail>[0]): StoryAnswers => ({
  'GET api/chatter/trade/8/': { body: makeTicketDetail({ id: 8, ...overrides }) },
})

const meta = {
  title: 'ticketing/TicketDetailView',
  component: TicketDetailView,
  args: { id: 8, viewer: { roles: ['clientdealer'] }, now: () => NOW },
  parameters: { answers: answer({ state: 'draft', actions: ['edit', 'send', 'cancel'] }) },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Box maw={640}>
          <Story />
        </Box>
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof TicketDetailView>

export default meta
type Story = StoryObj<typeof meta>

/** A Dealer's draft: edit, send or cancel; ten minutes left to report. */
export const Draft: Story = {}

/** The counterparty's view of a sent ticket: confirm, accept the consideration, or reject. */
export const ToAccept: Story = {
  parameters: {
    answers: answer({
      role: 'counterparty',
      actions: ['confirm', 'accept_consideration', 'reject'],
    }),
  },
}

/** Back Office on an overdue order: report it. */
export const OverdueOrder: Story = {
  args: { viewer: { roles: ['backoffice'] } },
  parameters: {
    answers: answer({
      state: 'accepted',
      kind: 'order',
      custodian: { client_id: 'cust-1', name: 'Stock Holding Corp' },
      report: {
        exchange: 'NSE',
        status: 'rejected',
        reference: null,
        reason: 'ISIN not eligible for reporting today',
        reported_at: null,
        due_at: '2026-11-26T05:15:00.000Z',
        overdue: true,
      },
      actions: ['report', 'cancel'],
    }),
  },
}

/** A reported trade, read by a Trade Viewer: no buttons, no countdown. */
export const Reported: Story = {
  args: { viewer: { roles: ['clientviewer'] } },
  parameters: {
    answers: answer({
      state: 'reported',
      kind: 'order',
      quote_text: 'GS 2032 bid 6.54 for 5 cr T+1 — a long chat message kept as the desk typed it',
      report: {
        exchange: 'BSE',
        status: 'confirmed',
        reference: 'ICCL-2026-000123',
        reason: null,
        reported_at: '2026-11-26T05:09:00.000Z',
        due_at: '2026-11-26T05:15:00.000Z',
        overdue: false,
      },
      actions: ['settle'],
    }),
  },
}

/** While the ticket is asked for. */
export const Loading: Story = {
  parameters: { answers: { 'GET api/chatter/trade/8/': () => new Promise<Response>(() => {}) } },
}

/** The ticket failed to load: a retry. */
export const Failed: Story = {
  parameters: { answers: { 'GET api/chatter/trade/8/': { status: 503, body: {} } } },
}

/** The dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
