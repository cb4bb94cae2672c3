import { createFakeFetch, type FakeAnswer } from '@bonds/api-client/testing'
import type { Role } from '@bonds/domain'
import { createTestStore } from '@bonds/ui-kit/testing'
import { Box, TextInput } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import { makePage, makeTicket, makeTicketDetail } from '../testing/factory.ts'
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

interface Answers {
  list: FakeAnswer
  detail: FakeAnswer
}

/** A store whose ticket calls give `answers` (made once per story). */
function WithTickets({ answers, children }: { answers: Answers; children: ReactNode }) {
  const [{ store }] = useState(() => {
    const fake = createFakeFetch()
    for (let i = 0; i < 50; i++) {
      fake.on('GET', 'api/chatter/trade/', answers.list)
      for (const id of [8, 9, 10]) fake.on('GET', `api/chatter/trade/${id}/`, answers.detail)
    }
    return createTestStore({ fake })
  })
  return <Provider store={store}>{children}</Provider>
}

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
      list: { body: makePage(TICKETS) },
      detail: {
        body: makeTicketDetail({ id: 8, state: 'draft', actions: ['edit', 'send', 'cancel'] }),
      },
    } satisfies Answers,
  },
  decorators: [
    (Story, context) => (
      <WithTickets answers={context.parameters.answers as Answers}>
        <Box maw={960}>
          <Story />
        </Box>
      </WithTickets>
    ),
  ],
} satisfies Meta<typeof TicketingTab>

export default meta
type Story = StoryObj<typeof meta>

/** A Dealer's open tickets: a draft, an overdue order, a reported trade. */
export const Dealer: Story = {}

/** A Trade Viewer reads: no "New ticket", no action buttons. */
export const TradeViewer: Story = { args: { viewer: { roles: ['clientviewer'] } } }

/** No open tickets yet. */
export const Empty: Story = {
  parameters: { answers: { list: { body: makePage([]) }, detail: { body: {} } } },
}

/** While the list is asked for (the answer never comes). */
export const Loading: Story = {
  parameters: {
    answers: { list: () => new Promise<Response>(() => {}), detail: { body: {} } },
  },
}

/** The list failed: a retry. */
export const Failed: Story = {
  parameters: {
    answers: {
      list: { status: 503, body: { detail: 'Service unavailable' } },
      detail: { body: {} },
    },
  },
}

/** The dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
