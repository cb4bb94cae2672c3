import {
  changePasswordSchema,
  PASSWORD_RULE_MESSAGE,
  ROLE_DISPLAY_NAMES,
  SECURITY_PREFERENCES,
  type LoggedInUser,
  type Role,
  type SecurityPreference,
} from '@bonds/domain'
import { toast, zodFormValidate } from '@bonds/ui-kit'
import { useChangePasswordMutation } from '../api/password.ts'
import { useSession, useSessionActions } from '../react.tsx'
import { useSaveSecurityPreferenceMutation } from './api/account-settings.ts'
import { fieldErrorsOrToast } from './form-failure.ts'
import { SoundSetting } from './sound-setting.tsx'
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState, type ReactNode } from 'react'

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  )
}

function roleName(role: string): string {
  return ROLE_DISPLAY_NAMES[role as Role] ?? role
}

function UserInfo({ user }: { user: LoggedInUser }) {
  const info = user.user_info
  const exchanges = user.rfq_exchanges.length > 0 ? user.rfq_exchanges.join(', ') : 'None'
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Your details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Detail label="Name">{`${info.first_name} ${info.last_name}`.trim() || '—'}</Detail>
          <Detail label="E-mail">{info.email}</Detail>
          <Detail label="Mobile">{info.mobile || '—'}</Detail>
          <Detail label="Organisation">{user.name}</Detail>
          <Detail label="Plan">{user.client_tier === 'PREMIUM' ? 'Premium' : 'Basic'}</Detail>
          <Detail label="RFQ exchanges">{exchanges}</Detail>
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
            Roles
          </Text>
          <Group gap="xs">
            {info.roles.map((role) => (
              <Badge key={role} variant="light">
                {roleName(role)}
              </Badge>
            ))}
          </Group>
        </div>
        <Text size="xs" c="dimmed">
          Your Ops Admin changes roles and exchange access.
        </Text>
      </Stack>
    </Paper>
  )
}

/** The form's values: `changePasswordSchema`'s input. */
interface PasswordValues {
  old_password: string
  new_password1: string
  new_password2: string
}

/** The schema's messages, and the current password's own (the schema lets an empty one pass). */
function validatePassword(values: PasswordValues) {
  return {
    ...zodFormValidate(changePasswordSchema)(values),
    ...(values.old_password ? {} : { old_password: 'Current password is required' }),
  }
}

function ChangePassword({ user }: { user: LoggedInUser }) {
  const [changePassword] = useChangePasswordMutation()
  const session = useSessionActions()
  const form = useForm<PasswordValues>({
    initialValues: { old_password: '', new_password1: '', new_password2: '' },
    validate: validatePassword,
  })
  const [sending, setSending] = useState(false)

  async function save(values: PasswordValues) {
    setSending(true)
    try {
      const body = changePasswordSchema.parse(values)
      await changePassword({ userId: user.user_info.id, body }).unwrap()
      void toast.show({
        severity: 'success',
        summary: 'Password changed',
        detail: 'Sign in again with the new password; every session was signed out.',
      })
      await session.signOut()
      window.location.assign('/auth/login?redirect=%2Fprofile')
    } catch (failure) {
      form.setErrors(fieldErrorsOrToast(failure))
      setSending(false)
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              Change password
            </Title>
            <Text size="sm" c="dimmed">
              {PASSWORD_RULE_MESSAGE}. Changing it signs you out everywhere.
            </Text>
          </div>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('old_password')}
            required
            maw={360}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} maw={740}>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              {...form.getInputProps('new_password1')}
              required
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              {...form.getInputProps('new_password2')}
              required
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={sending} disabled={sending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

function SecurityPreferences({ user }: { user: LoggedInUser }) {
  const [savePreference] = useSaveSecurityPreferenceMutation()
  const session = useSessionActions()
  const [values, setValues] = useState(user.user_info.user_security_preferences)
  const [saving, setSaving] = useState<SecurityPreference | null>(null)

  async function toggle(key: SecurityPreference, value: boolean) {
    const previous = values
    setValues({ ...values, [key]: value })
    setSaving(key)
    try {
      await savePreference({ [key]: value }).unwrap()
      void session.load(true)
    } catch {
      // The client has shown the error toast; the switch goes back.
      setValues(previous)
    } finally {
      setSaving(null)
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Security preferences
        </Title>
        {(Object.entries(SECURITY_PREFERENCES) as [SecurityPreference, string][]).map(
          ([key, label]) => (
            <Switch
              key={key}
              label={label}
              checked={values[key] ?? false}
              disabled={saving === key}
              onChange={(e) => void toggle(key, e.currentTarget.checked)}
            />
          ),
        )}
      </Stack>
    </Paper>
  )
}

/** /profile: the user's details, password, security preferences and the sounds' mute setting. */
export function ProfilePage() {
  const { status, user } = useSession()
  return (
    <Stack gap="lg" p="lg" maw={960}>
      <Title order={1} size="h2">
        Profile
      </Title>
      {status === 'loading' && <Skeleton height={220} radius="md" />}
      {status !== 'loading' && !user && (
        <Alert color="red" role="alert">
          Your session could not be loaded. Sign in again.
        </Alert>
      )}
      {user && (
        <>
          <UserInfo user={user} />
          <ChangePassword user={user} />
          <SecurityPreferences user={user} />
          <SoundSetting />
        </>
      )}
    </Stack>
  )
}
