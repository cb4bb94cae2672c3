import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { SecurityTerms } from './security-terms.tsx'
import { bondInfo, corporateInfo, floatingInfo } from './testing/fixtures.ts'

const meta = {
  title: 'bonds/security/SecurityTerms',
  component: SecurityTerms,
  args: { bond: bondInfo() },
  render: (args) => (
    <Box p="md" maw={560}>
      <SecurityTerms {...args} />
    </Box>
  ),
} satisfies Meta<typeof SecurityTerms>

export default meta
type Story = StoryObj<typeof meta>

/** A government security. */
export const GovernmentSecurity: Story = {}
/** A corporate bond with call and put schedules. */
export const CorporateWithOptions: Story = { args: { bond: corporateInfo() } }
/** A floating-rate bond. */
export const Floating: Story = { args: { bond: floatingInfo() } }
/** Dark theme. */
export const Dark: Story = { args: { bond: corporateInfo() }, parameters: { scheme: 'dark' } }
