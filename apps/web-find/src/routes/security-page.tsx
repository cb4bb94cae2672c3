import { Container, Stack, Text, Title } from '@mantine/core'
import { useParams } from 'react-router'

/** /security/{id}: one bond's terms, calculator and cash flows. */
export function Page() {
  const { id = '' } = useParams()
  return (
    <Container size="lg" py="lg">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Security
        </Text>
        <Title order={1} ff="monospace">
          {id}
        </Title>
      </Stack>
    </Container>
  )
}
