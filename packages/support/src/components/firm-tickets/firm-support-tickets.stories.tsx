import type { Meta, StoryObj } from '@storybook/react-vite'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { FirmSupportTickets } from './firm-support-tickets.tsx'

const row = {
  id: 12,
  ticket_type_id: 1,
  type_label: 'Report issue',
  provider_type_id: 1,
  created_at: '2026-11-26T09:00:00.000Z',
  closed_at: null,
  raised_by: { id: 'u1', name: 'Dev Dealer', email: 'dealer@demo.test' },
  contacts: [{ email: 'dealer@demo.test', name: 'Dev Dealer' }],
  ticket_attributes: { issues: 'Price/yield seems incorrect', description: 'Off by a basis point' },
  attachments: ['/ext/public/files/0b6f1f5e-8d4a-4c1e-9b7a-2f4e5d6c7b8a.png'],
  helpdesk: { name: 'embedded', external_id: null },
}

const meta = {
  title: 'support/FirmSupportTickets',
  component: FirmSupportTickets,
  parameters: {
    answers: {
      'GET api/support/tickets/': { body: { count: 1, results: [row] } },
    } satisfies StoryAnswers,
  },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Story />
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof FirmSupportTickets>

export default meta
type Story = StoryObj<typeof meta>

/** The firm's tickets. */
export const Listed: Story = {}

/** None yet: what will appear. */
export const Empty: Story = {
  parameters: { answers: { 'GET api/support/tickets/': { body: { count: 0, results: [] } } } },
}

/** Failed, with a retry. */
export const Failed: Story = {
  parameters: { answers: { 'GET api/support/tickets/': { status: 500 } } },
}
