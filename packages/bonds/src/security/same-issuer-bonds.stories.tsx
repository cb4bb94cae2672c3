import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { SameIssuerBonds } from './same-issuer-bonds.tsx'
import { bondInfo, OTHER_GSECS } from './testing/fixtures.ts'
import { withStoryStore } from '../testing/story-store.tsx'
import { storyApi, type StoryAnswer } from './testing/story-api.ts'

const answering = (answer: StoryAnswer | ((body: unknown) => StoryAnswer)) => () =>
  storyApi({ 'POST api/bonds-by-same-issuer/IN0020210244/': answer })

const meta = {
  title: 'bonds/security/SameIssuerBonds',
  component: SameIssuerBonds,
  args: { bond: bondInfo() },
  decorators: [withStoryStore],
  parameters: {
    client: answering((body) => {
      const cursor = (body as { pagination_params: { cursor: string | null } }).pagination_params
        .cursor
      return cursor
        ? { body: { results: OTHER_GSECS.slice(2), next_cursor: null } }
        : { body: { results: OTHER_GSECS.slice(0, 2), next_cursor: 'next' } }
    }),
  },
  render: (args) => (
    <Box p="md">
      <SameIssuerBonds {...args} />
    </Box>
  ),
} satisfies Meta<typeof SameIssuerBonds>

export default meta
type Story = StoryObj<typeof meta>

/** Two bonds and a "Show more". */
export const WithMore: Story = {}
/** The only bond of its issuer. */
export const Empty: Story = {
  parameters: { client: answering({ body: { results: [], next_cursor: null } }) },
}
/** Loading. */
export const Loading: Story = { parameters: { client: answering('never') } }
/** The request failed. */
export const Failed: Story = { parameters: { client: answering({ status: 500, body: {} }) } }
