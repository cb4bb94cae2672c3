import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { CreditRationale } from './credit-rationale.tsx'
import { corporateInfo, RATIONALES } from './testing/fixtures.ts'
import { withStoryStore } from '../testing/story-store.tsx'
import { storyApi, type StoryAnswer } from './testing/story-api.ts'

const answering = (answer: StoryAnswer) => () =>
  storyApi({ 'GET api/credit-rationale/INE001A07TS9/': answer })

const meta = {
  title: 'bonds/security/CreditRationale',
  component: CreditRationale,
  args: { bond: corporateInfo() },
  parameters: { client: answering({ body: { results: RATIONALES } }) },
  decorators: [withStoryStore],
  render: (args) => (
    <Box p="md" maw={640}>
      <CreditRationale {...args} />
    </Box>
  ),
} satisfies Meta<typeof CreditRationale>

export default meta
type Story = StoryObj<typeof meta>

/** Two rationales, newest first. */
export const Rationales: Story = {}
/** None stored yet. */
export const Empty: Story = { parameters: { client: answering({ body: { results: [] } }) } }
/** Loading. */
export const Loading: Story = { parameters: { client: answering('never') } }
/** The request failed. */
export const Failed: Story = { parameters: { client: answering({ status: 500, body: {} }) } }
