import { Anchor, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconAlertTriangle, IconCrown } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { formatDateTime } from '@bonds/pricing'
import { useDocumentTitle } from '../routing/document-title.tsx'

/** Title and text of each status of spec section 2's error screen. */
export const ERROR_SCREEN_TEXTS: Readonly<Record<number, { title: string | null; text?: string }>> =
  {
    410: {
      title: 'Invitation URL invalid',
      text: 'Please reach out to your account administrator for a new invite.',
    },
    404: {
      title: 'Not Found',
      text: "It looks like the page doesn't exist - please check the URL and try again",
    },
    500: { title: 'Internal Server Error' },
    401: {
      title: 'Access Denied',
      text: 'You do not have permissions to access this page. Please contact your administrator',
    },
    402: { title: 'Premium', text: 'Upgrade to premium plan to start' },
    200: { title: null },
  }

const OTHER = { title: 'Something went wrong...' }

/** Premium features listed on the 402 screen. */
export const PREMIUM_FEATURES: readonly string[] = [
  'Managing your portfolio efficiently',
  'Execute trades from a single screen',
  'Record external trades',
]

/** What a "Request Upgrade" came to: when the open request was filed, and whether it was earlier. */
export interface UpgradeRequestOutcome {
  /** When the request was filed (ISO instant). */
  requestedAt: string
  /** An open request for the feature existed: no new one was filed (decision 086). */
  alreadyRequested: boolean
}

/** The line under "Request Upgrade" once a request is on file (decision 086). */
export function upgradeRequestText({
  requestedAt,
  alreadyRequested,
}: UpgradeRequestOutcome): string {
  const when = formatDateTime(requestedAt)
  return alreadyRequested
    ? `Already requested on ${when}. We will update you shortly via email.`
    : `Requested on ${when}.`
}

export { errorScreenLayout } from './error-screen-layout.ts'

/** Props of ErrorScreen. */
export interface ErrorScreenProps {
  status: number
  /** Extra detail under the text (e.g. the stored unauthorised message). */
  message?: ReactNode
  /**
   * 402: creates the access-request ticket (or finds the open one); the button shows progress
   * while it runs, and the outcome, when given, is shown under it.
   */
  onRequestUpgrade?: () => Promise<UpgradeRequestOutcome | undefined | void> | void
}

/** The error panel for a status (the app wraps it in the layout errorScreenLayout picks). */
export function ErrorScreen({ status, message, onRequestUpgrade }: ErrorScreenProps) {
  const texts = ERROR_SCREEN_TEXTS[status] ?? OTHER
  const [requesting, setRequesting] = useState(false)
  const [outcome, setOutcome] = useState<UpgradeRequestOutcome | null>(null)
  const width = status === 402 ? 500 : 782
  useDocumentTitle(texts.title ?? undefined)

  async function requestUpgrade() {
    if (!onRequestUpgrade) return
    setRequesting(true)
    try {
      const result = await onRequestUpgrade()
      if (result) setOutcome(result)
    } finally {
      setRequesting(false)
    }
  }

  return (
    <Stack align="center" px="md" py={48}>
      <Paper
        withBorder
        radius="md"
        p="xl"
        w="100%"
        style={{ maxWidth: width }}
        data-status={status}
      >
        <Stack gap="md" align="center" ta="center">
          {status === 200 ? (
            <ThemeIcon size={56} radius="xl" color="yellow" variant="light">
              <IconAlertTriangle size={32} role="img" aria-label="Warning" />
            </ThemeIcon>
          ) : null}
          {status === 402 ? (
            <ThemeIcon size={56} radius="xl" color="yellow" variant="light">
              <IconCrown size={32} aria-hidden />
            </ThemeIcon>
          ) : null}
          {texts.title ? (
            <Title order={1} size="h2">
              {texts.title}
            </Title>
          ) : null}
          {'text' in texts && texts.text ? <Text c="dimmed">{texts.text}</Text> : null}
          {message ? <Text size="sm">{message}</Text> : null}
          {status === 410 ? (
            <Stack gap="xs" align="center">
              <Text size="sm">If the problem persists, please contact us</Text>
              <Group gap="md" justify="center">
                <Anchor href="/">Our Website</Anchor>
                <Anchor href="/best-practices">Read our blog</Anchor>
                <Anchor href="/product/dart">Learn more</Anchor>
              </Group>
            </Stack>
          ) : null}
          {status === 402 ? (
            <>
              <List ta="left" spacing="xs">
                {PREMIUM_FEATURES.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
              <Button
                onClick={() => void requestUpgrade()}
                loading={requesting}
                disabled={!onRequestUpgrade}
              >
                Request Upgrade
              </Button>
              <Text size="sm" role="status" data-already-requested={outcome?.alreadyRequested}>
                {outcome ? upgradeRequestText(outcome) : null}
              </Text>
            </>
          ) : null}
          {status > 200 && status !== 402 ? (
            <Button component="a" href="/" variant="light">
              Back to Home
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  )
}

/** The 404 page: "Page not found" and the path that was asked for. */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <Stack gap={0}>
      <ErrorScreen
        status={404}
        message={
          <>
            <Text component="span" fw={600} display="block">
              Page not found
            </Text>
            <Text component="code" ff="monospace" display="block">
              {path}
            </Text>
          </>
        }
      />
    </Stack>
  )
}
