import { Container, Stack, Text, Title } from '@mantine/core'

/** /find: bond search and screener. */
export function Page() {
  return (
    <Container size="lg" py="lg">
      <Stack gap="xs">
        <Title order={1}>Find a bond</Title>
        <Text c="dimmed">
          Search India&apos;s G-secs, SDLs, T-bills, STRIPS and corporate bonds by name, ISIN or
          issuer; screen them by category, rating and time to maturity; open one to price it.
        </Text>
      </Stack>
    </Container>
  )
}
