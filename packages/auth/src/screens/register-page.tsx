import {
  fieldErrors,
  INDIVIDUAL_CATEGORIES,
  inviteRegistrationSchema,
  PASSWORD_RULE_MESSAGE,
  type IndividualCategory,
  type InviteInfo,
} from '@bonds/domain'
import { ErrorScreen, PRODUCT_NAME } from '@bonds/ui-kit'
import { failureOf } from '@bonds/api-client'
import {
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { useRegisterMutation, useValidateInviteQuery } from '../api/invitation.ts'
import { useSessionActions } from '../react.tsx'
import { afterSignInPath } from '../session.ts'
import { failureMessage, serverFieldErrors } from './form.ts'

type Invite = InviteInfo
type Check =
  | { state: 'checking' }
  | { state: 'invalid' }
  | { state: 'failed' }
  | { state: 'valid'; invite: Invite }

const CATEGORY_OPTIONS = Object.entries(INDIVIDUAL_CATEGORIES).map(([value, label]) => ({
  value,
  label,
}))

/** The invitation's check: a 4xx (but 429) means it cannot be used; other failures may be retried. */
function useInvite(code: string | null): [Check, () => void] {
  const { currentData, error, isError, refetch } = useValidateInviteQuery(code ?? '', {
    skip: !code,
  })
  const retry = () => void refetch()
  if (!code) return [{ state: 'invalid' }, retry]
  if (currentData) return [{ state: 'valid', invite: currentData }, retry]
  if (!isError) return [{ state: 'checking' }, retry]
  const status = failureOf(error)?.status
  const invalid = status !== undefined && status >= 400 && status < 500 && status !== 429
  return [{ state: invalid ? 'invalid' : 'failed' }, retry]
}

/** /client/register?invite_code=…: the invitation is checked first; an unusable one is the 410 screen. */
export function RegisterPage() {
  const [params] = useSearchParams()
  const code = params.get('invite_code')
  const [check, retry] = useInvite(code)

  if (check.state === 'invalid') return <ErrorScreen status={410} />
  if (check.state === 'checking') {
    return (
      <Stack align="center" py={80}>
        <Loader aria-label="Checking your invitation" />
        <Text c="dimmed">Checking your invitation…</Text>
      </Stack>
    )
  }
  if (check.state === 'failed') {
    return (
      <Container size="xs" py={80}>
        <Alert color="red" role="alert" title="The invitation could not be checked">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="light" onClick={retry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Container>
    )
  }
  return <RegisterForm invite={check.invite} code={code ?? ''} />
}

function RegisterForm({ invite, code }: { invite: Invite; code: string }) {
  const [register] = useRegisterMutation()
  const session = useSessionActions()
  const individual = invite.client_type.startsWith('INDV')
  const [firstName, setFirstName] = useState(invite.first_name ?? '')
  const [lastName, setLastName] = useState(invite.last_name ?? '')
  const [mobile, setMobile] = useState('')
  const [pan, setPan] = useState('')
  const [category, setCategory] = useState<IndividualCategory | null>(null)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [whatsapp, setWhatsapp] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = inviteRegistrationSchema.safeParse({
      invite_code: code,
      auth_mode: 'password',
      pan: pan.trim().toUpperCase(),
      password,
      identity: { first_name: firstName.trim(), last_name: lastName.trim() },
      client_type: invite.client_type,
      category: individual ? category : null,
      corporate_identity: individual ? null : { name: invite.client_name },
      contact: { email: invite.email, mobile: mobile.trim(), whatsapp_consent: whatsapp },
    })
    const next = parsed.success ? {} : fieldErrors(parsed.error.issues)
    if (!password) next.password ??= 'Password is required'
    if (confirm !== password) next.confirm = 'Passwords do not match'
    if (individual && !category) next.category = 'Category is required'
    setErrors(next)
    if (!parsed.success || Object.keys(next).length > 0) return
    setMessage(null)
    setSending(true)
    try {
      await register(parsed.data).unwrap()
      // Sign-up posts the body, then signs in (spec section 7).
      const user = await session.signIn(invite.email, password)
      window.location.assign(afterSignInPath(user, null))
    } catch (failure) {
      setErrors(serverFieldErrors(failure))
      setMessage(failureMessage(failure))
      setSending(false)
    }
  }

  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl" shadow="sm">
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <Stack>
            <div>
              <Title order={1} size="h2">
                Join {invite.client_name} on {PRODUCT_NAME}
              </Title>
              <Text c="dimmed" size="sm">
                You were invited as {invite.email}. Complete your details to create your account.
              </Text>
            </div>
            {message && (
              <Alert color="red" role="alert">
                {message}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First name"
                autoComplete="given-name"
                value={firstName}
                onChange={(e) => setFirstName(e.currentTarget.value)}
                error={errors['identity.first_name']}
                required
                autoFocus
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                value={lastName}
                onChange={(e) => setLastName(e.currentTarget.value)}
                error={errors['identity.last_name']}
                required
              />
            </SimpleGrid>
            <TextInput
              label="E-mail"
              value={invite.email}
              readOnly
              description="The address the invitation was sent to"
              error={errors['contact.email']}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Mobile"
                type="tel"
                autoComplete="tel"
                value={mobile}
                onChange={(e) => setMobile(e.currentTarget.value)}
                error={errors['contact.mobile']}
                required
              />
              <TextInput
                label="PAN"
                value={pan}
                maxLength={10}
                onChange={(e) => setPan(e.currentTarget.value.toUpperCase())}
                error={errors.pan}
                required
              />
            </SimpleGrid>
            {individual && (
              <Select
                label="Category"
                data={CATEGORY_OPTIONS}
                value={category}
                onChange={(value) => setCategory(value as IndividualCategory | null)}
                error={errors.category}
                required
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="Password"
                autoComplete="new-password"
                description={PASSWORD_RULE_MESSAGE}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errors.password}
                required
              />
              <PasswordInput
                label="Confirm password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.currentTarget.value)}
                error={errors.confirm}
                required
              />
            </SimpleGrid>
            <Checkbox
              label="Send me updates on WhatsApp"
              checked={whatsapp}
              onChange={(e) => setWhatsapp(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={sending} disabled={sending}>
                Create account
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  )
}
