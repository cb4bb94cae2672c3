import {
  INDIVIDUAL_CATEGORIES,
  inviteRegistrationSchema,
  PASSWORD_RULE_MESSAGE,
  type IndividualCategory,
  type InviteInfo,
} from '@bonds/domain'
import { ErrorScreen, PRODUCT_NAME, zodFormValidate } from '@bonds/ui-kit'
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
import { useForm } from '@mantine/form'
import { useState } from 'react'
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

/** The fields, shaped as the payload's paths so its messages (and the server's) land on them. */
interface Values {
  identity: { first_name: string; last_name: string }
  contact: { mobile: string; whatsapp_consent: boolean }
  pan: string
  category: IndividualCategory | null
  password: string
  confirm: string
}

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

/** The registration payload from the fields and the invitation (its address, firm and type). */
function registrationBody(values: Values, invite: Invite, code: string) {
  const individual = invite.client_type.startsWith('INDV')
  return {
    invite_code: code,
    auth_mode: 'password',
    pan: values.pan.trim().toUpperCase(),
    password: values.password,
    identity: {
      first_name: values.identity.first_name.trim(),
      last_name: values.identity.last_name.trim(),
    },
    client_type: invite.client_type,
    category: individual ? values.category : null,
    corporate_identity: individual ? null : { name: invite.client_name },
    contact: {
      email: invite.email,
      mobile: values.contact.mobile.trim(),
      whatsapp_consent: values.contact.whatsapp_consent,
    },
  }
}

function RegisterForm({ invite, code }: { invite: Invite; code: string }) {
  const [register] = useRegisterMutation()
  const session = useSessionActions()
  const individual = invite.client_type.startsWith('INDV')
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const form = useForm<Values>({
    initialValues: {
      identity: { first_name: invite.first_name ?? '', last_name: invite.last_name ?? '' },
      contact: { mobile: '', whatsapp_consent: false },
      pan: '',
      category: null,
      password: '',
      confirm: '',
    },
    // A field's message stays until the next submit (Mantine's default drops it at the first key).
    clearInputErrorOnChange: false,
    validate: (values) => {
      const errors = zodFormValidate(inviteRegistrationSchema)(
        registrationBody(values, invite, code),
      )
      // The payload leaves the password and category optional (OTP sign-up, firms); this form
      // asks for both, and for the confirmation the payload does not carry.
      if (!values.password) errors.password ??= 'Password is required'
      if (values.confirm !== values.password) errors.confirm = 'Passwords do not match'
      if (individual && !values.category) errors.category = 'Category is required'
      return errors
    },
  })

  async function submit(values: Values) {
    const body = inviteRegistrationSchema.parse(registrationBody(values, invite, code))
    setMessage(null)
    setSending(true)
    try {
      await register(body).unwrap()
      // Sign-up posts the body, then signs in (spec section 7).
      const user = await session.signIn(invite.email, values.password)
      window.location.assign(afterSignInPath(user, null))
    } catch (failure) {
      form.setErrors(serverFieldErrors(failure))
      setMessage(failureMessage(failure))
      setSending(false)
    }
  }

  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl" shadow="sm">
        <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
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
                {...form.getInputProps('identity.first_name')}
                required
                autoFocus
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                {...form.getInputProps('identity.last_name')}
                required
              />
            </SimpleGrid>
            <TextInput
              label="E-mail"
              value={invite.email}
              readOnly
              description="The address the invitation was sent to"
              error={form.errors['contact.email']}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Mobile"
                type="tel"
                autoComplete="tel"
                {...form.getInputProps('contact.mobile')}
                required
              />
              <TextInput
                label="PAN"
                maxLength={10}
                {...form.getInputProps('pan')}
                onChange={(e) => form.setFieldValue('pan', e.currentTarget.value.toUpperCase())}
                required
              />
            </SimpleGrid>
            {individual && (
              <Select
                label="Category"
                data={CATEGORY_OPTIONS}
                {...form.getInputProps('category')}
                required
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="Password"
                autoComplete="new-password"
                description={PASSWORD_RULE_MESSAGE}
                {...form.getInputProps('password')}
                required
              />
              <PasswordInput
                label="Confirm password"
                autoComplete="new-password"
                {...form.getInputProps('confirm')}
                required
              />
            </SimpleGrid>
            <Checkbox
              label="Send me updates on WhatsApp"
              {...form.getInputProps('contact.whatsapp_consent', { type: 'checkbox' })}
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
