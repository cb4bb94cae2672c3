import type { UserAccountRow } from '@bonds/domain'
import { Box, Paper } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { UsersTable } from './users-table.tsx'

const person = (
  id: string,
  first: string,
  last: string,
  roles: string[],
  status: UserAccountRow['status'] = 'active',
): UserAccountRow => ({
  id,
  email: `${first.toLowerCase()}.${last.toLowerCase()}@democapital.example`,
  first_name: first,
  last_name: last,
  mobile: '9800000100',
  roles,
  status,
  invited_at: status === 'invited' ? '2026-11-20T09:30:00Z' : null,
})

const ROWS: UserAccountRow[] = [
  person('u1', 'Bala', 'Office', ['backoffice']),
  person('u2', 'Chitra', 'Compliance', ['complianceofficer']),
  person('u3', 'Dev', 'Dealer', ['clientdealer', 'dataviewer']),
  person('u4', 'Omkar', 'Admin', ['clientopsadmin']),
  person('i1', 'Ira', 'Menon', ['clientviewer'], 'invited'),
  person('u5', 'Vidya', 'Viewer', ['clientviewer'], 'inactive'),
]

const meta = {
  title: 'auth/settings/UsersTable',
  component: UsersTable,
  args: { rows: ROWS, onChangeRoles: () => undefined, onRevoke: () => undefined },
  render: (args) => (
    <Box p="lg">
      <Paper withBorder radius="md">
        <UsersTable {...args} />
      </Paper>
    </Box>
  ),
} satisfies Meta<typeof UsersTable>

export default meta
type Story = StoryObj<typeof meta>

/** Users, an invitation and an inactive account. */
export const Default: Story = {}

/**
 * On a 360 px phone, in its card as /manage-users shows it: the table scrolls inside the card, a
 * shadow at the right edge saying more columns lie that way (the story book's visual tests take
 * its picture).
 */
export const Phone360: Story = {
  render: (args) => (
    <Box w={360} p="lg" data-testid="phone-frame">
      <Paper withBorder radius="md">
        <UsersTable {...args} />
      </Paper>
    </Box>
  ),
}

/** The phone width in the dark theme. */
export const Phone360Dark: Story = { ...Phone360, parameters: { scheme: 'dark' } }
