// The frame every section of the security page shares, and its designed states: loading
// (skeletons in the section's shape), empty (what to do next) and error (what happened, a retry).
import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, Title } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useId, type ReactNode } from 'react'

/** Props of SecuritySection. */
export interface SecuritySectionProps {
  title: string
  /** Beside the title (a sort, a download). */
  actions?: ReactNode
  children: ReactNode
}

/** A titled section (`<section>` named by its `<h2>`). */
export function SecuritySection({ title, actions, children }: SecuritySectionProps) {
  const headingId = useId()
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md" miw={0}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title id={headingId} order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  )
}

/** Skeleton rows while a section loads; `label` is announced. */
export function SectionSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Stack gap={6} aria-busy="true" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={22} width={i === 0 ? '60%' : '100%'} />
      ))}
    </Stack>
  )
}

/** A failed load: what happened and a retry. */
export function SectionError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Group justify="space-between" gap="xs">
        <span>{message}</span>
        {onRetry && (
          <Button size="compact-sm" variant="default" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  )
}

/** Nothing to show yet: what it means and what to do next. */
export function SectionEmpty({
  title,
  description,
  action,
}: {
  title: string
  description?: ReactNode
  action?: ReactNode
}) {
  return (
    <EmptyState size="sm" align="left" title={title} description={description} py="xs">
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  )
}
