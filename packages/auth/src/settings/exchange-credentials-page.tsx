import { credentialsRequestSchema, type LoggedInUser } from '@bonds/domain'
import { toast, zodFormValidate } from '@bonds/ui-kit'
import { useSaveCredentialsMutation } from './api/account-settings.ts'
import { fieldErrorsOrToast } from './form-failure.ts'
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
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useSession, useSessionActions } from '../react.tsx'

type Corp = 'NSCCL' | 'ICCL'

/** The form's values: `credentialsRequestSchema`'s input. */
interface CredentialsValues {
  participant_code: string
  username: string
  password: string
  corp: Corp
}

const CORPS: readonly { corp: Corp; title: string; exchange: string }[] = [
  { corp: 'NSCCL', title: 'NSE Clearing (NSCCL)', exchange: 'NSE RFQ' },
  { corp: 'ICCL', title: 'Indian Clearing Corporation (ICCL)', exchange: 'BSE RFQ' },
]

function stored(user: LoggedInUser, corp: Corp): string | null {
  if (corp === 'NSCCL') return user.nsccl_credentials ? (user.nsccl_name ?? '') : null
  return user.iccl_credentials ? (user.iccl_name ?? '') : null
}

function CredentialsForm({
  corp,
  title,
  exchange,
  user,
}: {
  corp: Corp
  title: string
  exchange: string
  user: LoggedInUser
}) {
  const [saveCredentials] = useSaveCredentialsMutation()
  const session = useSessionActions()
  const current = stored(user, corp)
  const form = useForm<CredentialsValues>({
    initialValues: { participant_code: '', username: '', password: '', corp },
    validate: zodFormValidate(credentialsRequestSchema),
  })
  const [sending, setSending] = useState(false)

  async function save(values: CredentialsValues) {
    setSending(true)
    try {
      await saveCredentials(credentialsRequestSchema.parse(values)).unwrap()
      void toast.show({ severity: 'success', summary: '', detail: `${title} credentials saved` })
      form.reset()
      await session.load(true)
    } catch (failure) {
      form.setErrors(fieldErrorsOrToast(failure))
    } finally {
      setSending(false)
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <form noValidate onSubmit={form.onSubmit((values) => void save(values))} aria-label={title}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} size="h4">
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                Used to quote and settle on {exchange}.
              </Text>
            </div>
            {current === null ? (
              <Badge color="gray" variant="light">
                Not set
              </Badge>
            ) : (
              // Green text on the green tint is under 4.5:1 at this size: the text colour instead.
              <Badge color="green" variant="light" c="var(--mantine-color-text)">
                Saved{current ? ` · ${current}` : ''}
              </Badge>
            )}
          </Group>
          <TextInput
            label="Participant code"
            {...form.getInputProps('participant_code')}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Username"
              autoComplete="off"
              {...form.getInputProps('username')}
              required
            />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              {...form.getInputProps('password')}
              required
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={sending} disabled={sending}>
              {current === null ? 'Save credentials' : 'Replace credentials'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

/** /exchange-credentials (Ops Admin): the clearing corporations' logins, stored encrypted. */
export function ExchangeCredentialsPage() {
  const { status, user } = useSession()
  return (
    <Stack gap="lg" p="lg" maw={960}>
      <div>
        <Title order={1} size="h2">
          Exchange credentials
        </Title>
        <Text size="sm" c="dimmed">
          Stored encrypted and never shown again; enter them anew to replace them.
        </Text>
      </div>
      {status === 'loading' && <Skeleton height={260} radius="md" />}
      {status !== 'loading' && !user && (
        <Alert color="red" role="alert">
          Your session could not be loaded. Sign in again.
        </Alert>
      )}
      {user && CORPS.map((item) => <CredentialsForm key={item.corp} {...item} user={user} />)}
    </Stack>
  )
}
