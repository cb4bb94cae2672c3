import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { Box, Button } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { FIRMS_ON_NSE, THREE_FIRMS } from './fixtures.ts'
import { NewRfqForm } from './new-rfq-form.tsx'

const answers: StoryAnswers = {
  'GET api/chatter/search-trade-participants': { body: FIRMS_ON_NSE },
  'POST api/venue/rfq/': { status: 201, body: { results: THREE_FIRMS } },
}

const meta = {
  title: 'trading/NewRfqForm',
  component: NewRfqForm,
  args: {
    exchanges: ['NSE', 'BSE'],
    renderBondPicker: (onPick) => (
      <Button
        size="xs"
        variant="default"
        onClick={() => onPick({ finstrument_id: 'IN0020230085', display_name: '7.18% GS 2033' })}
      >
        Pick 7.18% GS 2033
      </Button>
    ),
    onDone: fn(),
  },
  parameters: { answers },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Box maw={520}>
          <Story />
        </Box>
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof NewRfqForm>

export default meta
type Story = StoryObj<typeof meta>

/** A firm on both exchanges: NSE RFQ first; the firms asked are searched on the chosen one. */
export const BothExchanges: Story = {}

/** A firm on BSE RFQ only: the exchange is said, not chosen. */
export const OneExchange: Story = { args: { exchanges: ['BSE'] } }
