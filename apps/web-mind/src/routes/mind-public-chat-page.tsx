import { Container, Stack, Text, Title } from '@mantine/core'
import { useParams } from 'react-router'

/** /mind/public/{id}: a conversation someone shared publicly. */
export function Page() {
  const { id = '' } = useParams()
  return (
    <Container size="md" py="lg">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Shared conversation
        </Text>
        <Title order={1} size="h3" ff="monospace">
          {id}
        </Title>
      </Stack>
    </Container>
  )
}
