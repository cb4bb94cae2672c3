import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { securityApi } from './api.ts'
import { SameIssuerBonds } from './same-issuer-bonds.tsx'
import { bondInfo, OTHER_GSECS } from './testing/fixtures.ts'
import { storyApi, type StoryAnswer } from './testing/story-api.ts'

const answering = (answer: StoryAnswer | ((body: unknown) => StoryAnswer)) =>
  securityApi(storyApi({ 'POST api/bonds-by-same-issuer/IN0020210244/': answer }))

const meta = {
  title: 'bonds/security/SameIssuerBonds',
  component: SameIssuerBonds,
  args: {
    bond: bondInfo(),
    api: answering((body) => {
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
  args: { api: answering({ body: { results: [], next_cursor: null } }) },
}
/** Loading. */
export const Loading: Story = { args: { api: answering('never') } }
/** The request failed. */
export const Failed: Story = { args: { api: answering({ status: 500, body: {} }) } }
