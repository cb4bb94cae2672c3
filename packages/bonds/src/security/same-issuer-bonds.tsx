// Other bonds of the same issuer: `POST api/bonds-by-same-issuer/{id}/`, a page at a time (cursor
// pagination), each opening its own security page. The server sends the live ones, nearest this
// bond's maturity first (decision 110). Public.
import type { AppName, FinstrumentInfo, FinstrumentSummary } from '@bonds/domain'
import { couponPercent } from '@bonds/pricing'
import { AppLink, formatDate, TableScroll } from '@bonds/ui-kit'
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core'
import { useDeferredValue, useMemo } from 'react'
import { useSameIssuerInfiniteQuery } from '../api/finstrument.ts'
import { failureText } from '../api/query-view.ts'
import { SecuritySection, SectionEmpty, SectionError, SectionSkeleton } from './section.tsx'
import classes from './security.module.css'

/** Props of SameIssuerBonds. */
export interface SameIssuerBondsProps {
  bond: FinstrumentInfo
  /** The app rendering the list: links stay inside it when it owns /security/{id}. */
  app?: AppName
}

function coupon(b: FinstrumentSummary): string {
  if (b.coupon_rate === null) return 'Floating'
  if (b.coupon_rate === 0) return 'Zero coupon'
  return couponPercent(b.coupon_rate)
}

/** The issuer's other bonds, twenty at a time. */
export function SameIssuerBonds({ bond, app = 'find' }: SameIssuerBondsProps) {
  const {
    currentData,
    error,
    isError,
    isFetchingNextPage,
    isFetchNextPageError,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = useSameIssuerInfiniteQuery(bond.id)
  // Answers render as transitions (see api/query-view.ts).
  const pages = useDeferredValue(currentData?.pages)
  const items = useMemo(() => pages?.flatMap((page) => page.results) ?? [], [pages])
  const failed = isError && !isFetchNextPageError
  const more = () => void fetchNextPage()

  return (
    <SecuritySection title={`More bonds of ${bond.issuer}`}>
      {!failed && !pages && <SectionSkeleton label="Loading bonds of the same issuer" />}
      {failed && (
        <SectionError
          message={failureText(error, 'The issuer’s other bonds could not be loaded.')}
          onRetry={() => void refetch()}
        />
      )}
      {!failed && pages && items.length === 0 && (
        <SectionEmpty
          title="No other bonds of this issuer"
          description="The platform lists no other bond of this issuer that has not matured."
        />
      )}
      {!failed && pages && items.length > 0 && (
        <Stack gap="sm">
          <TableScroll label="Bonds of the same issuer">
            <Table highlightOnHover miw={640}>
              <Table.Thead>
                <Table.Tr>
                  {/* Wide enough that a name reads in two or three lines on a phone. */}
                  <Table.Th scope="col" miw={200}>
                    Bond
                  </Table.Th>
                  <Table.Th scope="col">ISIN</Table.Th>
                  <Table.Th scope="col" className={classes.numeric}>
                    Coupon
                  </Table.Th>
                  <Table.Th scope="col">Maturity</Table.Th>
                  <Table.Th scope="col">Rating</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((other) => (
                  <Table.Tr key={other.id}>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <AppLink
                          href={`/security/${encodeURIComponent(other.id)}`}
                          app={app}
                          size="sm"
                        >
                          {other.display_name}
                        </AppLink>
                        {other.is_matured && (
                          <Badge size="xs" color="gray" variant="outline" style={{ flexShrink: 0 }}>
                            Matured
                          </Badge>
                        )}
                        {!other.contract_parameters.is_listed && (
                          <Badge size="xs" color="gray" variant="outline" style={{ flexShrink: 0 }}>
                            Unlisted
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td ff="monospace">{other.identifiers.isin}</Table.Td>
                    <Table.Td className={classes.numeric}>{coupon(other)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {other.contract_parameters.maturity_date
                        ? formatDate(other.contract_parameters.maturity_date)
                        : '—'}
                    </Table.Td>
                    <Table.Td>{other.rating ?? 'Not rated'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <Group gap="sm">
            <Text size="sm" className={classes.muted} aria-live="polite">
              {items.length} shown{hasNextPage ? ', more available' : ''}
            </Text>
            {hasNextPage && (
              <Button
                size="compact-sm"
                variant="default"
                onClick={more}
                loading={isFetchingNextPage}
              >
                Show more
              </Button>
            )}
          </Group>
          {isFetchNextPageError && (
            <SectionError
              message={failureText(error, 'More bonds could not be loaded.')}
              onRetry={more}
            />
          )}
        </Stack>
      )}
    </SecuritySection>
  )
}
