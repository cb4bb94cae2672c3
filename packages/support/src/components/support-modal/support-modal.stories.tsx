import type { Meta, StoryObj } from '@storybook/react-vite'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { ContactModal } from '../contact/contact-form.tsx'
import { SupportModal } from './support-modal.tsx'

const stored = {
  body: {
    id: 1,
    ticket_type_id: 3,
    provider_type_id: 3,
    created_at: '2026-11-26T09:00:00.000Z',
    already_requested: false,
  },
}

const meta = {
  title: 'support/SupportModal',
  component: SupportModal,
  args: { opened: true, onClose: () => {} },
  decorators: [
    (Story) => (
      <WithAnswers answers={{ 'POST ext/tickets/': stored } satisfies StoryAnswers}>
        <Story />
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof SupportModal>

export default meta
type Story = StoryObj<typeof meta>

/** Ask a query (signed out: name and e-mail asked). */
export const AskAQuery: Story = {}

/** Opened on Provide feedback. */
export const Feedback: Story = { args: { initialType: 'feedback' } }

/** The contact modal. */
export const Contact: Story = {
  render: (args) => <ContactModal opened={args.opened} onClose={args.onClose} />,
}
