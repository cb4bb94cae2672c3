// A page of dart whose feature is still being built (/inventory): a real page
// with its title, what it is for, and an empty state that says plainly why nothing is listed,
// never a 404 (issue 16, decision 087).
import { Anchor, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** Props of FeaturePage. */
export interface FeaturePageProps {
  title: string
  /** What the page is for, one sentence. */
  description: string
  icon: ReactNode
  /** The empty state's heading. */
  empty: string
  /** Why nothing is listed, and what will be. */
  detail: string
  /** Where to work meanwhile. */
  next?: { href: string; label: string }
}

/** A dart page with its empty state. */
export function FeaturePage({ title, description, icon, empty, detail, next }: FeaturePageProps) {
  return (
    <Container size="lg" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{description}</Text>
        </Stack>
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs" ta="center" role="status">
            <ThemeIcon size={48} radius="xl" variant="light">
              {icon}
            </ThemeIcon>
            <Title order={2} size="h4">
              {empty}
            </Title>
            <Text size="sm" c="dimmed" maw={520}>
              {detail}
            </Text>
            {next ? <Anchor href={next.href}>{next.label}</Anchor> : null}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  )
}
