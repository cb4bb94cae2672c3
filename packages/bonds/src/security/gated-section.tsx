// A section behind finstruments.has_security_data_access: signed-out visitors and users without
// the permission are told what signing in (or access) unlocks, instead of the section vanishing.
import { Anchor, Button, Group, Text } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { SecurityDataAccess } from './access.ts'
import { SecuritySection, SectionSkeleton } from './section.tsx'

/** Props of GatedSection. */
export interface GatedSectionProps {
  title: string
  access: SecurityDataAccess
  /** The sign-in page with the redirect back here (`signInHref(path)`). */
  signInHref: string
  /** What the section shows, completing "Sign in to see …" ("the trades of this bond"). */
  unlocks: string
  /** Shown beside the title once access is granted. */
  actions?: ReactNode
  /** The section's content: rendered (and its data requested) only with access. */
  children: ReactNode
}

/** A security-page section that needs the security-data permission. */
export function GatedSection({
  title,
  access,
  signInHref,
  unlocks,
  actions,
  children,
}: GatedSectionProps) {
  return (
    <SecuritySection title={title} actions={access === 'granted' ? actions : undefined}>
      {access === 'checking' && <SectionSkeleton label={`Checking access to ${title}`} rows={2} />}
      {access === 'signed-out' && (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconLock aria-hidden size={20} style={{ flexShrink: 0, marginTop: 2 }} />
          <div>
            <Text size="sm" mb="xs">
              Sign in to see {unlocks}.
            </Text>
            <Button component="a" href={signInHref} size="compact-sm" variant="light">
              Sign in
            </Button>
          </div>
        </Group>
      )}
      {access === 'denied' && (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconLock aria-hidden size={20} style={{ flexShrink: 0, marginTop: 2 }} />
          <div>
            <Text size="sm">
              Your account does not have access to security data, which shows {unlocks}.
            </Text>
            <Text size="sm" c="dimmed">
              Ask your account administrator for access, or{' '}
              <Anchor href="/contact" size="sm" underline="always">
                contact us
              </Anchor>
              .
            </Text>
          </div>
        </Group>
      )}
      {access === 'granted' && children}
    </SecuritySection>
  )
}
