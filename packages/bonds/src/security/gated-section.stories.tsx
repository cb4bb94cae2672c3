import { Box, Text } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { GatedSection } from './gated-section.tsx'

const meta = {
  title: 'bonds/security/GatedSection',
  component: GatedSection,
  args: {
    title: 'Trade history',
    access: 'signed-out',
    signInHref: '/auth/login?redirect=%2Fsecurity%2FIN0020210244',
    unlocks: 'the trades of this bond the platform knows, with their prices, yields and sizes',
    children: <Text size="sm">The section’s content.</Text>,
  },
  render: (args) => (
    <Box p="md" maw={720}>
      <GatedSection {...args} />
    </Box>
  ),
} satisfies Meta<typeof GatedSection>

export default meta
type Story = StoryObj<typeof meta>

/** A visitor: what signing in unlocks, and the sign-in link. */
export const SignedOut: Story = {}
/** Signed in without the security-data permission. */
export const Denied: Story = { args: { access: 'denied' } }
/** The session is still loading. */
export const Checking: Story = { args: { access: 'checking' } }
/** Access granted: the content. */
export const Granted: Story = { args: { access: 'granted' } }
/** Dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
