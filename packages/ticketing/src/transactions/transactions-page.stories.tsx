import type { Meta, StoryObj } from '@storybook/react-vite'
import { makePage, makeTicket, makeTicketDetail } from '../testing/factory.ts'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { TransactionsPage } from './transactions-page.tsx'

const NOW = Date.parse('2026-11-26T05:05:00.000Z')

const ROWS = [
  makeTicket({ id: 8, state: 'draft' }),
  makeTicket({
    id: 9,
    kind: 'order',
    state: 'accepted',
    display_name: '7.18% GS 2033',
    quantum: 25_00_000,
    report: { ...makeTicket().report, overdue: true },
    updated_at: '2026-11-26T05:03:00.000Z',
  }),
  makeTicket({ id: 10, kind: 'order', state: 'settled', display_name: '7.26% GS 2034' }),
]

const meta = {
  title: 'ticketing/TransactionsPage',
  component: TransactionsPage,
  args: { viewer: { roles: ['backoffice'] }, now: () => NOW },
  parameters: {
    answers: {
      'GET api/orders/unified/': { body: makePage(ROWS, 45) },
      'GET api/orders/9/': {
        body: makeTicketDetail({ ...ROWS[1], actions: ['report', 'cancel'] }),
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
} satisfies Meta<typeof TransactionsPage>

export default meta
type Story = StoryObj<typeof meta>

/** Back Office: tickets and orders, three pages of them. */
export const BackOffice: Story = {}

/** Nothing booked yet. */
export const Empty: Story = {
  parameters: { answers: { 'GET api/orders/unified/': { body: makePage([]) } } },
}

/** While the list is asked for. */
export const Loading: Story = {
  parameters: {
    answers: { 'GET api/orders/unified/': () => new Promise<Response>(() => {}) },
  },
}

/** The list failed: a retry. */
export const Failed: Story = {
  parameters: { answers: { 'GET api/orders/unified/': { status: 503, body: {} } } },
}

/** The dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
