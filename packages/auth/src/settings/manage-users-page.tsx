import {
  inviteRequestSchema,
  ROLE_DISPLAY_NAMES,
  ROLES,
  type Role,
  type UserAccountRow,
} from '@bonds/domain'
import { toast, zodFormValidate } from '@bonds/ui-kit'
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
import { useForm } from '@mantine/form'
import { useState, type ReactNode } from 'react'
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
  error?: ReactNode
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

/** The invitation form's values; empty names are left out of the request. */
interface InviteValues {
  email: string
  first_name: string
  last_name: string
  roles: Role[]
}

const NEW_INVITE: InviteValues = {
  email: '',
  first_name: '',
  last_name: '',
  roles: ['clientviewer'],
}

/** The request an invitation form's values make (`inviteRequestSchema`'s input). */
function inviteRequest({ email, roles, first_name, last_name }: InviteValues) {
  return {
    email,
    roles,
    ...(first_name.trim() ? { first_name: first_name.trim() } : {}),
    ...(last_name.trim() ? { last_name: last_name.trim() } : {}),
  }
}

const validateInvite = (values: InviteValues) =>
  zodFormValidate(inviteRequestSchema)(inviteRequest(values))

function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [invite] = useInviteUserMutation()
  const form = useForm<InviteValues>({ initialValues: NEW_INVITE, validate: validateInvite })
  const [sending, setSending] = useState(false)

  async function send(values: InviteValues) {
    setSending(true)
    try {
      const body = inviteRequestSchema.parse(inviteRequest(values))
      await invite(body).unwrap()
      void toast.show({
        severity: 'success',
        summary: 'Invitation sent',
        detail: `${body.email} has 7 days to register through the link.`,
      })
      form.reset()
      onClose()
    } catch (failure) {
      form.setErrors(fieldErrorsOrToast(failure))
    } finally {
      setSending(false)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Invite a user" size="lg">
      <form noValidate onSubmit={form.onSubmit((values) => void send(values))}>
        <Stack>
          <TextInput
            label="E-mail"
            type="email"
            {...form.getInputProps('email')}
            required
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <RolesField
            value={form.values.roles}
            onChange={(roles) => form.setFieldValue('roles', roles)}
            error={form.errors.roles}
          />
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

/** A user's roles, edited (the form starts from the row's roles: one form per row). */
function RolesForm({ row, onClose }: { row: UserAccountRow; onClose: () => void }) {
  const [updateRoles] = useUpdateUserRolesMutation()
  const form = useForm<{ roles: Role[] }>({
    initialValues: { roles: row.roles as Role[] },
    validate: { roles: (roles) => (roles.length === 0 ? 'Role is required' : null) },
  })
  const [sending, setSending] = useState(false)

  async function save({ roles }: { roles: Role[] }) {
    setSending(true)
    try {
      await updateRoles({ userId: row.id, roles }).unwrap()
      void toast.show({ severity: 'success', summary: '', detail: `Roles of ${row.email} saved` })
      onClose()
    } catch (failure) {
      const fields = serverFieldErrors(failure)
      form.setFieldError('roles', fields.roles ?? failureMessage(failure))
    } finally {
      setSending(false)
    }
  }

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
      <Stack>
        <RolesField
          value={form.values.roles}
          onChange={(roles) => form.setFieldValue('roles', roles)}
          error={form.errors.roles}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={sending} disabled={sending}>
            Save roles
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function RolesModal({ row, onClose }: { row: UserAccountRow | null; onClose: () => void }) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={`Roles of ${row?.email ?? ''}`} size="lg">
      {row && <RolesForm key={`${row.status}-${row.id}`} row={row} onClose={onClose} />}
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
