import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { Box, TextInput } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { makeTicket } from '../testing/factory.ts'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { CreateTicketFromMessage } from './create-ticket-from-message.tsx'

const member = (userId: string, nickname: string, client_id: string, brand_name: string) => ({
  userId,
  nickname,
  role: 'none' as const,
  state: 'joined' as const,
  connectionStatus: 'online' as const,
  metaData: { is_staff: 'false' as const, is_active: 'true' as const, client_id, brand_name },
  data: '{}',
  lastReadMessageId: 0,
  lastDeliveredMessageId: 0,
})

const channel = {
  url: 'ch_desk',
  customType: 'trading group',
  name: 'Rates desk',
  members: [
    member('asha', 'Asha', 'c-alpha', 'Alpha Capital'),
    member('vikram', 'Vikram', 'c-beta', 'Beta Bank'),
  ],
} as unknown as ChatChannel

const message = {
  messageId: 42,
  channelUrl: 'ch_desk',
  messageType: 'user',
  message: 'GS 2032 bid 6.54 for 5 cr T+1',
  sender: { userId: 'vikram', nickname: 'Vikram' },
} as unknown as ChatMessage

const meta = {
  title: 'ticketing/CreateTicketFromMessage',
  component: CreateTicketFromMessage,
  args: {
    channel,
    message,
    myClientId: 'c-alpha',
    renderBondPicker: () => <TextInput size="xs" label="Bond" placeholder="Bond search" />,
    now: () => new Date('2026-11-26T05:05:00.000Z'),
  },
  parameters: {
    answers: {
      'POST api/eoi/parse/': {
        body: {
          quotes: [
            {
              isin: 'IN0020210244',
              finstrument_id: 'GS2032',
              display_name: '6.54% GS 2032',
              quote_type: 'BID',
              yield: 0.0654,
              price: null,
              quantum: 5_00_00_000,
              settlement_delta: 1,
              confidence: 0.95,
              auto: true,
            },
          ],
        },
      },
      'POST api/chatter/trade/': { status: 201, body: makeTicket({ id: 55 }) },
    } satisfies StoryAnswers,
  },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Box p="md">
          <Story />
        </Box>
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof CreateTicketFromMessage>

export default meta
type Story = StoryObj<typeof meta>

/** The button under a quote; open it to see the form prefilled from the quote. */
export const FromAQuote: Story = {}

/** The parser read no quote: the form opens empty but for the counterparty. */
export const NothingRead: Story = {
  parameters: { answers: { 'POST api/eoi/parse/': { body: { quotes: [] } } } },
}

/** The dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
