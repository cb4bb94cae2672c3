import { BondSearch, Screener, securityHref } from '@bonds/bonds'
import { Box, Container, Stack, Text, Title } from '@mantine/core'
import { useNavigate } from 'react-router'

/** Height of the dart layout's sticky header, which the results' sticky header sits under. */
const HEADER_HEIGHT = 44

/** /find: bond search, the screener and its results; every bond opens its security page. */
export function Page() {
  const navigate = useNavigate()
  return (
    <Container fluid maw={1600} px={{ base: 'sm', sm: 'lg' }} py="lg">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>Find a bond</Title>
          <Text maw={760}>
            Search India&apos;s G-secs, SDLs, T-bills, STRIPS and corporate bonds by name, ISIN or
            issuer; screen them by category, rating and time to maturity; open one to price it.
          </Text>
        </Stack>
        <Box maw={720} role="search" aria-label="Bonds by name, ISIN or issuer">
          <BondSearch hotkey="/" onSelect={(bond) => void navigate(securityHref(bond))} />
        </Box>
        <Screener stickyTop={HEADER_HEIGHT} />
      </Stack>
    </Container>
  )
}
