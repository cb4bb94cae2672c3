// The router's error screens, loaded when an error first shows: no app's first load carries them
// (issue 21). A screen whose code cannot be fetched (a stale build's chunks are gone, the network
// is down) falls back to a plain panel with the same message and a way on.
import { Button, Paper, Stack, Text } from '@mantine/core'
import { Component, lazy, Suspense, type ReactNode } from 'react'
import type { ErrorScreenProps } from '../shell/error-screen.tsx'

const ErrorScreen = lazy(() =>
  import('../shell/error-screen.tsx').then((m) => ({ default: m.ErrorScreen })),
)
const NotFoundPage = lazy(() =>
  import('../shell/error-screen.tsx').then((m) => ({ default: m.NotFoundPage })),
)

/** Shows `fallback` when its children throw (a screen's code that failed to load). */
export class LoadFailed extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

/**
 * The panel shown when the error screen's code cannot be fetched: the message the screen would
 * show (with its own way on, e.g. a stale build's "Reload"), else a title and "Reload".
 */
export function PlainErrorScreen({ message }: { message?: ReactNode }) {
  return (
    <Stack align="center" px="md" py={48}>
      <Paper withBorder radius="md" p="xl" w="100%" maw={782}>
        <Stack gap="md" align="center" ta="center">
          {message ? (
            <Text size="sm">{message}</Text>
          ) : (
            <>
              <Text component="h1" fw={700} size="xl">
                Something went wrong...
              </Text>
              <Button variant="light" onClick={() => window.location.reload()}>
                Reload
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}

/** The error screen for a status, fetched on first use. */
export function ErrorScreenSlot(props: ErrorScreenProps) {
  return (
    <LoadFailed fallback={<PlainErrorScreen message={props.message} />}>
      <Suspense fallback={null}>
        <ErrorScreen {...props} />
      </Suspense>
    </LoadFailed>
  )
}

/** The 404 page, fetched on first use. */
export function NotFoundSlot({ path }: { path: string }) {
  return (
    <LoadFailed fallback={<PlainErrorScreen />}>
      <Suspense fallback={null}>
        <NotFoundPage path={path} />
      </Suspense>
    </LoadFailed>
  )
}
