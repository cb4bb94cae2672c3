import { Container, Stack, Text, Title } from '@mantine/core'

/** /mind/preview: what the analyst does, for visitors who are not market researchers. */
export function Page() {
  return (
    <Container size="md" py="lg">
      <Stack gap="xs">
        <Title order={1}>mind preview</Title>
        <Text c="dimmed">
          mind is the analyst chat for market researchers. It answers questions over the bond
          database: which securities mature in a year, how an issuer&apos;s curve looks, what a
          yield means in price.
        </Text>
      </Stack>
    </Container>
  )
}
