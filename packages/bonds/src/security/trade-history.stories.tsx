import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { bondInfo, tradePage, trades } from './testing/fixtures.ts'
import { withStoryStore } from '../testing/story-store.tsx'
import { storyApi, type StoryAnswer } from './testing/story-api.ts'
import { TradeHistory } from './trade-history.tsx'

const answering = (answer: StoryAnswer | ((body: unknown) => StoryAnswer)) => () =>
  storyApi({ 'POST api/trades/IN0020210244/': answer })

const meta = {
  title: 'bonds/security/TradeHistory',
  component: TradeHistory,
  args: { bond: bondInfo() },
  decorators: [withStoryStore],
  parameters: {
    client: answering((body) => {
      const page = (body as { pagination: { page: number } }).pagination.page
      return { body: tradePage(trades(page === 3 ? 5 : 20, (page - 1) * 20), 45, page) }
    }),
  },
  render: (args) => (
    <Box p="md">
      <TradeHistory {...args} />
    </Box>
  ),
} satisfies Meta<typeof TradeHistory>

export default meta
type Story = StoryObj<typeof meta>

/** Three pages of trades. */
export const Pages: Story = {}
/** No trades yet. */
export const Empty: Story = { parameters: { client: answering({ body: tradePage([]) }) } }
/** Loading. */
export const Loading: Story = { parameters: { client: answering('never') } }
/** The request failed. */
export const Failed: Story = { parameters: { client: answering({ status: 500, body: {} }) } }
/** Dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
