import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { FIRMS_ON_NSE, SENT_TO_US, THREE_FIRMS, venuePage } from './fixtures.ts'
import { VenueRfqsPanel } from './venue-rfqs-panel.tsx'

const list = (results = THREE_FIRMS): StoryAnswers => ({
  'GET api/venue/rfq/': { body: venuePage(results) },
})

const meta = {
  title: 'trading/VenueRfqsPanel',
  component: VenueRfqsPanel,
  args: { canAct: true },
  parameters: { answers: list() },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Box maw={900}>
          <Story />
        </Box>
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof VenueRfqsPanel>

export default meta
type Story = StoryObj<typeof meta>

/** An RFQ to three firms: two have quoted, the initiator may accept either. */
export const SeveralQuotes: Story = {}

/** One quote accepted: the deal's ticket, the other firms' legs closed by the venue. */
export const OneAccepted: Story = {
  parameters: {
    answers: list([
      { ...THREE_FIRMS[0]!, state: 'closed', turn: null },
      { ...THREE_FIRMS[1]!, state: 'dealt', turn: null, ticket_id: 41 },
      { ...THREE_FIRMS[2]!, state: 'closed', turn: null },
      SENT_TO_US,
    ]),
  },
}

/** A viewer without the Dealer's role reads the quotes and cannot accept. */
export const ReadOnly: Story = { args: { canAct: false } }

/** A Dealer of a firm on NSE RFQ with no RFQs yet: "New RFQ" opens the form to several firms. */
export const NewRfq: Story = {
  args: {
    exchanges: ['NSE'],
    renderBondPicker: () => <span>Bond search</span>,
  },
  parameters: {
    answers: {
      ...list([]),
      'GET api/chatter/search-trade-participants': { body: FIRMS_ON_NSE },
    },
  },
}
