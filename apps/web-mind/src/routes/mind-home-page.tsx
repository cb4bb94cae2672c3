import { Container, Stack, Text, Title } from '@mantine/core'

/** /mind: start a conversation with the analyst. */
export function Page() {
  return (
    <Container size="md" py="lg">
      <Stack gap="xs">
        <Title order={1}>mind</Title>
        <Text c="dimmed">
          Ask the analyst about India&apos;s bonds: yields, issuers, maturities and how securities
          compare. Conversations can be shared as public links.
        </Text>
      </Stack>
    </Container>
  )
}
