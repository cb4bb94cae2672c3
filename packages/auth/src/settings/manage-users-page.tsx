import {
  fieldErrors,
  inviteRequestSchema,
  ROLE_DISPLAY_NAMES,
  ROLES,
  type Role,
  type UserAccountRow,
} from '@bonds/domain'
import { toast } from '@bonds/ui-kit'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch, IconUserPlus } from '@tabler/icons-react'
import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { useSession } from '../react.tsx'
import { failureMessage, serverFieldErrors } from '../screens/form.ts'
import {
  useInviteUserMutation,
  useRevokeInvitationMutation,
  useUpdateUserRolesMutation,
  useUserAccountsQuery,
} from './api/users.ts'
import { fieldErrorsOrToast } from './form-failure.ts'
import { UsersTable } from './users-table.tsx'

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_DISPLAY_NAMES[role] }))

function RolesField({
  value,
  onChange,
  error,
}: {
  value: Role[]
  onChange: (roles: Role[]) => void
  error?: string | undefined
}) {
  return (
    <Checkbox.Group
      label="Roles"
      value={value}
      onChange={(next) => onChange(next as Role[])}
      error={error}
      withAsterisk
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
        {ROLE_OPTIONS.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  )
}

function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [invite] = useInviteUserMutation()
  const [email, setEmail] = useState('')
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [roles, setRoles] = useState<Role[]>(['clientviewer'])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)

  function reset() {
    setEmail('')
    setFirstName('')
    setLastName('')
    setRoles(['clientviewer'])
    setErrors({})
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = inviteRequestSchema.safeParse({
      email,
      roles,
      ...(firstName.trim() ? { first_name: firstName.trim() } : {}),
      ...(lastName.trim() ? { last_name: lastName.trim() } : {}),
    })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    setSending(true)
    try {
      await invite(parsed.data).unwrap()
      void toast.show({
        severity: 'success',
        summary: 'Invitation sent',
        detail: `${parsed.data.email} has 7 days to register through the link.`,
      })
      reset()
      onClose()
    } catch (failure) {
      setErrors(fieldErrorsOrToast(failure))
    } finally {
      setSending(false)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Invite a user" size="lg">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack>
          <TextInput
            label="E-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={errors.first_name}
            />
            <TextInput
              label="Last name"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              error={errors.last_name}
            />
          </SimpleGrid>
          <RolesField value={roles} onChange={setRoles} error={errors.roles} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={sending} disabled={sending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

function RolesModal({ row, onClose }: { row: UserAccountRow | null; onClose: () => void }) {
  const [updateRoles] = useUpdateUserRolesMutation()
  const [roles, setRoles] = useState<Role[]>([])
  const [error, setError] = useState<string | undefined>()
  const [sending, setSending] = useState(false)
  useEffect(() => {
    setRoles((row?.roles ?? []) as Role[])
    setError(undefined)
  }, [row])

  async function save() {
    if (!row) return
    if (roles.length === 0) {
      setError('Role is required')
      return
    }
    setSending(true)
    try {
      await updateRoles({ userId: row.id, roles }).unwrap()
      void toast.show({ severity: 'success', summary: '', detail: `Roles of ${row.email} saved` })
      onClose()
    } catch (failure) {
      const fields = serverFieldErrors(failure)
      setError(fields.roles ?? failureMessage(failure))
    } finally {
      setSending(false)
    }
  }

  return (
    <Modal opened={row !== null} onClose={onClose} title={`Roles of ${row?.email ?? ''}`} size="lg">
      <Stack>
        <RolesField value={roles} onChange={setRoles} error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={sending} disabled={sending}>
            Save roles
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

function RevokeModal({ row, onClose }: { row: UserAccountRow | null; onClose: () => void }) {
  const [revokeInvitation] = useRevokeInvitationMutation()
  const [sending, setSending] = useState(false)

  async function revoke() {
    if (!row) return
    setSending(true)
    try {
      await revokeInvitation(row.id).unwrap()
      void toast.show({
        severity: 'success',
        summary: '',
        detail: `The invitation to ${row.email} is revoked`,
      })
      onClose()
    } catch {
      // The client has shown the error toast.
    } finally {
      setSending(false)
    }
  }

  return (
    <Modal opened={row !== null} onClose={onClose} title="Revoke invitation">
      <Stack>
        <Text size="sm">
          The link sent to {row?.email} stops working at once. You can invite them again later.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" onClick={() => void revoke()} loading={sending} disabled={sending}>
            Revoke invitation
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/** What the manage-users page shows below the users (the app adds other packages' sections). */
export interface ManageUsersPageProps {
  children?: ReactNode
}

/**
 * /manage-users (Ops Admin): the client's users and invitations; invite, revoke, change roles;
 * then `children`.
 */
export function ManageUsersPage({ children }: ManageUsersPageProps) {
  const { user } = useSession()
  const [search, setSearch] = useState('')
  const [query] = useDebouncedValue(search.trim(), 300)
  // The rows of the last answer stay while another search loads; inviting, revoking and changing
  // roles invalidate the list, which is fetched again.
  const { data: rows, isError, refetch } = useUserAccountsQuery(query)
  const [inviting, setInviting] = useState(false)
  const [editing, setEditing] = useState<UserAccountRow | null>(null)
  const [revoking, setRevoking] = useState<UserAccountRow | null>(null)

  return (
    <Stack gap="lg" p="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Manage users
          </Title>
          <Text size="sm" c="dimmed">
            {user?.name ? `Everyone at ${user.name}, and pending invitations.` : 'Your team.'}
          </Text>
        </div>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => setInviting(true)}
        >
          Invite user
        </Button>
      </Group>
      <TextInput
        label="Search users"
        placeholder="Name or e-mail"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      <Paper withBorder radius="md">
        {!rows && !isError && (
          <Stack p="md" gap="xs">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Stack>
        )}
        {isError && (
          <Alert color="red" m="md" role="alert" title="The users could not be loaded">
            <Button size="xs" variant="light" onClick={() => void refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {!isError && rows?.length === 0 && (
          <Text p="lg" c="dimmed" ta="center">
            {query ? `No users match “${query}”.` : 'No users yet. Invite your team.'}
          </Text>
        )}
        {!isError && rows && rows.length > 0 && (
          <UsersTable rows={rows} onChangeRoles={setEditing} onRevoke={setRevoking} />
        )}
      </Paper>
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
      <RolesModal row={editing} onClose={() => setEditing(null)} />
      <RevokeModal row={revoking} onClose={() => setRevoking(null)} />
      {children}
    </Stack>
  )
}
