import { Container, Paper, Stack, Text, Title } from '@mantine/core'

/** /surveillance: compliance surveillance of trading activity (view only). */
export function Page() {
  return (
    <Container size="lg" py="lg">
      <Stack>
        <Title order={1}>Surveillance</Title>
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">
            No alerts. Surveillance reviews quotes, negotiations and trades as they are booked on
            the platform; nothing has been booked yet.
          </Text>
        </Paper>
      </Stack>
    </Container>
  )
}
