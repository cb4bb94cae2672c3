// The users and pending invitations of /manage-users. On a phone the table scrolls sideways inside
// its card (ui-kit's TableScroll), a shadow at the edge saying more columns lie that way.
import { ROLE_DISPLAY_NAMES, type Role, type UserAccountRow } from '@bonds/domain'
import { formatDate, TableScroll } from '@bonds/ui-kit'
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core'

function roleName(role: string): string {
  return ROLE_DISPLAY_NAMES[role as Role] ?? role
}

function statusColor(status: UserAccountRow['status']): string {
  return status === 'active' ? 'green' : status === 'invited' ? 'blue' : 'gray'
}

/** Props of UsersTable. */
export interface UsersTableProps {
  rows: readonly UserAccountRow[]
  /** "Change roles" of a user's row. */
  onChangeRoles: (row: UserAccountRow) => void
  /** "Revoke" of an invitation's row. */
  onRevoke: (row: UserAccountRow) => void
}

/** One row per user or invitation: name, e-mail, roles, status and its action. */
export function UsersTable({ rows, onChangeRoles, onRevoke }: UsersTableProps) {
  return (
    <TableScroll label="Users and invitations">
      <Table verticalSpacing="sm" highlightOnHover miw={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            {/* Wide enough that a role or status badge never shortens to "AC…". */}
            <Table.Th miw={200}>Roles</Table.Th>
            <Table.Th miw={120}>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.status}-${row.id}`}>
              <Table.Td>{`${row.first_name} ${row.last_name}`.trim() || '—'}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {row.roles.map((role) => (
                    <Badge key={role} variant="light" size="sm">
                      {roleName(role)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge color={statusColor(row.status)} variant="dot">
                  {row.status}
                </Badge>
                {row.invited_at && (
                  <Text size="xs" c="dimmed">
                    since {formatDate(row.invited_at.slice(0, 10))}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {row.status === 'invited' ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onRevoke(row)}
                    aria-label={`Revoke the invitation of ${row.email}`}
                  >
                    Revoke
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => onChangeRoles(row)}
                    aria-label={`Change roles of ${row.email}`}
                  >
                    Change roles
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  )
}
