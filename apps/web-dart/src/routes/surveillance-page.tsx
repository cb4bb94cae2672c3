// /surveillance: the compliance officer reads the chats of the firm's people, view only (nothing
// is marked read), and downloads a channel.
import { ChatSurveillance } from '@bonds/chat-core/react'
import { Paper, Stack, Text, Title } from '@mantine/core'

/** /surveillance: compliance surveillance of the firm's chats (view only). */
export function Page() {
  return (
    <Stack gap="sm" p="md" h="calc(100dvh - var(--app-shell-header-height, 56px))">
      <div>
        <Title order={1} size="h3">
          Surveillance
        </Title>
        <Text size="sm" c="dimmed">
          The chats of your firm’s people, as they see them. Reading here marks nothing as read.
        </Text>
      </div>
      <Paper withBorder radius="md" style={{ flex: 1, minHeight: 420, overflow: 'hidden' }}>
        <ChatSurveillance />
      </Paper>
    </Stack>
  )
}
