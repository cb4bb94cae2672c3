import { Loader, Stack, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { useSessionActions } from '../react.tsx'

/** /auth/logout: ends the session on the server and here, then goes home. */
export function LogoutPage() {
  const session = useSessionActions()
  useEffect(() => {
    void session.signOut().then(() => window.location.assign('/'))
  }, [session])
  return (
    <Stack align="center" py="xl">
      <Title order={1} size="h3">
        Signing you out
      </Title>
      <Loader aria-label="Signing out" />
      <Text c="dimmed">You will be taken to the home page.</Text>
    </Stack>
  )
}
