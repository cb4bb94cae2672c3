import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { securityApi } from './api.ts'
import { CreditRationale } from './credit-rationale.tsx'
import { corporateInfo, RATIONALES } from './testing/fixtures.ts'
import { storyApi, type StoryAnswer } from './testing/story-api.ts'

const answering = (answer: StoryAnswer) =>
  securityApi(storyApi({ 'GET api/credit-rationale/INE001A07TS9/': answer }))

const meta = {
  title: 'bonds/security/CreditRationale',
  component: CreditRationale,
  args: { bond: corporateInfo(), api: answering({ body: { results: RATIONALES } }) },
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
export const Empty: Story = { args: { api: answering({ body: { results: [] } }) } }
/** Loading. */
export const Loading: Story = { args: { api: answering('never') } }
/** The request failed. */
export const Failed: Story = { args: { api: answering({ status: 500, body: {} }) } }
