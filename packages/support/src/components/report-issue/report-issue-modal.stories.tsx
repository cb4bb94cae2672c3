import type { Meta, StoryObj } from '@storybook/react-vite'
import { storyCapture } from '../../testing/story-capture.ts'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { ReportIssueModal } from './report-issue-modal.tsx'

const FILE_URL = 'http://localhost:3000/ext/public/files/0b6f1f5e-8d4a-4c1e-9b7a-2f4e5d6c7b8a.png'

const meta = {
  title: 'support/ReportIssueModal',
  component: ReportIssueModal,
  args: {
    opened: true,
    onClose: () => {},
    context: 'pricing_cashflow',
    details: { bond_yield: 0.0654, clean_price: 99.5, settlement_date: '2026-11-27' },
    capture: storyCapture(),
  },
  parameters: {
    answers: {
      'POST ext/public/upload/': { body: { file_url: FILE_URL } },
      'POST ext/tickets/': {
        body: {
          id: 1,
          ticket_type_id: 1,
          provider_type_id: 1,
          created_at: '2026-11-26T09:00:00.000Z',
          already_requested: false,
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
} satisfies Meta<typeof ReportIssueModal>

export default meta
type Story = StoryObj<typeof meta>

/** The calculator's report: four checkboxes, consent, the screenshot's preview. */
export const PricingAndCashflow: Story = {}

/** The counter-RFQ form: price/yield and Others only. */
export const CounterRfq: Story = { args: { context: 'counter_rfq' } }

/** A ticket's report, without pricing details (no consent asked). */
export const Ticketing: Story = { args: { context: 'ticketing', details: undefined } }

/** No capture area on the page: the modal says so. */
export const NoScreenshot: Story = { args: { capture: storyCapture('none') } }

/** The upload fails: its message shows in the modal. */
export const UploadFails: Story = {
  parameters: {
    answers: {
      'POST ext/public/upload/': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'The file is empty',
          fields: { file: 'The file is empty' },
        },
      },
    } satisfies StoryAnswers,
  },
}
