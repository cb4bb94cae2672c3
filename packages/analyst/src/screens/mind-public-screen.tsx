// /mind/public/{id}: a shared conversation, read-only, for anyone; no sidebar, no account data.
import { Container, Stack, Text, Title } from '@mantine/core'
import { usePublicMindChatQuery } from '../api/mind-api.ts'
import { Conversation } from './conversation.tsx'

/** A shared chat. */
export function MindPublicScreen({ publicId }: { publicId: string }) {
  const chat = usePublicMindChatQuery(publicId)
  if (chat.isError) {
    return (
      <Container size="md" py="lg">
        <Title order={1} size="h3">
          Shared chat not available
        </Title>
        <Text c="dimmed">This shared chat does not exist, was revoked or has expired.</Text>
      </Container>
    )
  }
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Shared from mind, the analyst chat
          </Text>
          <Title order={1} size="h3">
            {chat.data?.title ?? 'Loading…'}
          </Title>
        </Stack>
        {chat.data && <Conversation messages={chat.data.messages} />}
      </Stack>
    </Container>
  )
}
