import type { FinstrumentInfo } from '@bonds/domain'
import { isApiError } from '@bonds/api-client'
import { settlementDate, settlementOnCalendar, todayInIndia, type BondTerms } from '@bonds/pricing'
import { emptyPricingValue, PricingInput, type PricingValue } from '@bonds/pricing/react'
import { formatDate, formatIndianNumber, NotFoundPage } from '@bonds/ui-kit'
import {
  Alert,
  Badge,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useEffect, useMemo, useState } from 'react'
import { useLocation, useParams } from 'react-router'
import { api } from '../app/session.ts'

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; bond: FinstrumentInfo }

/** The terms @bonds/pricing needs, or null when the bond cannot be priced. */
export function termsOf(bond: FinstrumentInfo): BondTerms | null {
  if (!bond.can_be_priced || !bond.convention || !bond.contract_parameters.maturity_date) {
    return null
  }
  if (bond.coupon_rate === null) return null
  return {
    convention: bond.convention,
    maturityDate: bond.contract_parameters.maturity_date,
    couponRate: bond.coupon_rate,
    ...(bond.frequency ? { frequency: bond.frequency as 1 | 2 | 4 | 12 } : {}),
    calls: bond.calls,
    puts: bond.puts,
  }
}

/** T+1 on the bond's market calendar (weekends only for a bond that cannot be priced). */
function defaultSettlement(terms: BondTerms | null, today: string): string {
  return terms ? settlementOnCalendar(terms.convention, today, 1) : settlementDate(today, 1)
}

function useBond(id: string): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    setLoad({ state: 'loading' })
    api
      .get<FinstrumentInfo>(`api/v2/finstrument/info/${encodeURIComponent(id)}`, {
        signal: controller.signal,
        silent: true,
      })
      .then((bond) => setLoad({ state: 'ready', bond }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        if (isApiError(error) && error.status === 404) setLoad({ state: 'missing' })
        else setLoad({ state: 'failed', message: 'The bond could not be loaded. Try again.' })
      })
    return () => controller.abort()
  }, [id])
  return load
}

const FREQUENCY: Record<number, string> = {
  1: 'Annual',
  2: 'Half-yearly',
  4: 'Quarterly',
  12: 'Monthly',
}

function Terms({ bond }: { bond: FinstrumentInfo }) {
  const rows: [string, string][] = [
    ['ISIN', bond.identifiers.isin],
    ['Issuer', bond.issuer],
    ['Type', bond.security_type],
    ['Coupon', bond.coupon_rate === null ? 'Floating' : `${(bond.coupon_rate * 100).toFixed(2)}%`],
    ['Frequency', bond.frequency ? (FREQUENCY[bond.frequency] ?? `${bond.frequency} a year`) : '—'],
    [
      'Maturity',
      bond.contract_parameters.maturity_date
        ? formatDate(bond.contract_parameters.maturity_date)
        : '—',
    ],
    ['Face value', `₹${formatIndianNumber(bond.face_value)}`],
    ['Rating', bond.rating ?? 'Not rated'],
    ['Listed', bond.contract_parameters.is_listed ? 'Yes' : 'No'],
  ]
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Terms
      </Title>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500} c="dimmed" w="40%">
                {label}
              </Table.Th>
              <Table.Td ff={label === 'ISIN' ? 'monospace' : undefined}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {bond.calls.length + bond.puts.length > 0 && (
        <Text size="sm" mt="sm">
          {bond.calls.map((c) => `Call ${formatDate(c.date)} at ${c.price}`).join('; ')}
          {bond.calls.length && bond.puts.length ? '; ' : ''}
          {bond.puts.map((p) => `Put ${formatDate(p.date)} at ${p.price}`).join('; ')}
        </Text>
      )}
    </Paper>
  )
}

function Calculator({ bond }: { bond: FinstrumentInfo }) {
  const terms = useMemo(() => termsOf(bond), [bond])
  const today = todayInIndia()
  const settlement = useMemo(() => defaultSettlement(terms, today), [terms, today])
  const [value, setValue] = useState<PricingValue>(() => emptyPricingValue('yield'))
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Price and yield
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Settlement {formatDate(settlement)} (T+1)
      </Text>
      <PricingInput
        terms={terms}
        settlementDate={settlement}
        value={value}
        onChange={setValue}
        bond={bond}
        today={today}
      />
      {!terms && (
        <Alert mt="sm" color="yellow" title="This bond cannot be priced">
          {bond.is_floating_rate
            ? 'Its coupon floats, so no price follows from a yield.'
            : 'Its terms are incomplete or it has matured.'}
        </Alert>
      )}
    </Paper>
  )
}

/** /security/{id}: one bond's terms and its price/yield calculator. */
export function Page() {
  const { id = '' } = useParams()
  const { pathname } = useLocation()
  const load = useBond(id)
  if (load.state === 'missing') return <NotFoundPage path={pathname} />
  return (
    <Container size="lg" py="lg">
      {load.state === 'loading' && (
        <Stack aria-busy="true" aria-label="Loading the bond">
          <Skeleton height={32} width="50%" />
          <Skeleton height={240} />
        </Stack>
      )}
      {load.state === 'failed' && <Alert color="red">{load.message}</Alert>}
      {load.state === 'ready' && (
        <Stack gap="lg">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={1}>{load.bond.display_name}</Title>
              {load.bond.is_matured && <Badge color="gray">Matured</Badge>}
              {!load.bond.contract_parameters.is_listed && <Badge color="gray">Unlisted</Badge>}
            </Group>
            <Text c="dimmed" ff="monospace">
              {load.bond.identifiers.isin}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Terms bond={load.bond} />
            <Calculator bond={load.bond} />
          </SimpleGrid>
        </Stack>
      )}
    </Container>
  )
}
