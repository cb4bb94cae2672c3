// Other bonds of the same issuer: `POST api/bonds-by-same-issuer/{id}/`, a page at a time (cursor
// pagination), each opening its own security page. Public.
import type { AppName, FinstrumentInfo, FinstrumentPage, FinstrumentSummary } from '@bonds/domain'
import { AppLink, formatDate } from '@bonds/ui-kit'
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core'
import { startTransition, useEffect, useRef, useState } from 'react'
import type { SecurityApi } from './api.ts'
import { SecuritySection, SectionEmpty, SectionError, SectionSkeleton } from './section.tsx'
import classes from './security.module.css'
import { couponPercent } from './terms.ts'
import { failureText } from './use-resource.ts'

/** Props of SameIssuerBonds. */
export interface SameIssuerBondsProps {
  api: SecurityApi
  bond: FinstrumentInfo
  /** The app rendering the list: links stay inside it when it owns /security/{id}. */
  app?: AppName
}

type Load =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | {
      status: 'ready'
      items: FinstrumentSummary[]
      next: string | null
      more: 'idle' | 'loading' | { error: unknown }
    }

function coupon(b: FinstrumentSummary): string {
  if (b.coupon_rate === null) return 'Floating'
  if (b.coupon_rate === 0) return 'Zero coupon'
  return couponPercent(b.coupon_rate)
}

/** The issuer's other bonds, twenty at a time. */
export function SameIssuerBonds({ api, bond, app = 'find' }: SameIssuerBondsProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const moreController = useRef<AbortController | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    setLoad({ status: 'loading' })
    api.sameIssuer(bond.id, null, controller.signal).then(
      (page: FinstrumentPage) =>
        !controller.signal.aborted &&
        startTransition(() =>
          setLoad({ status: 'ready', items: page.results, next: page.next_cursor, more: 'idle' }),
        ),
      (error: unknown) => !controller.signal.aborted && setLoad({ status: 'error', error }),
    )
    return () => {
      controller.abort()
      moreController.current?.abort()
    }
  }, [api, bond.id, attempt])

  const loadMore = () => {
    if (load.status !== 'ready' || load.next === null) return
    const controller = new AbortController()
    moreController.current = controller
    setLoad({ ...load, more: 'loading' })
    api.sameIssuer(bond.id, load.next, controller.signal).then(
      (page) =>
        !controller.signal.aborted &&
        startTransition(() =>
          setLoad((current) =>
            current.status === 'ready'
              ? {
                  status: 'ready',
                  items: [...current.items, ...page.results],
                  next: page.next_cursor,
                  more: 'idle',
                }
              : current,
          ),
        ),
      (error: unknown) =>
        !controller.signal.aborted &&
        setLoad((current) =>
          current.status === 'ready' ? { ...current, more: { error } } : current,
        ),
    )
  }

  return (
    <SecuritySection title={`More bonds of ${bond.issuer}`}>
      {load.status === 'loading' && <SectionSkeleton label="Loading bonds of the same issuer" />}
      {load.status === 'error' && (
        <SectionError
          message={failureText(load.error, 'The issuer’s other bonds could not be loaded.')}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {load.status === 'ready' && load.items.length === 0 && (
        <SectionEmpty
          title="No other bonds of this issuer"
          description="This is the only bond of the issuer the platform lists."
        />
      )}
      {load.status === 'ready' && load.items.length > 0 && (
        <Stack gap="sm">
          <div
            className={classes.scrollRegion}
            tabIndex={0}
            role="region"
            aria-label="Bonds of the same issuer"
          >
            <Table highlightOnHover miw={560}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Bond</Table.Th>
                  <Table.Th scope="col">ISIN</Table.Th>
                  <Table.Th scope="col" className={classes.numeric}>
                    Coupon
                  </Table.Th>
                  <Table.Th scope="col">Maturity</Table.Th>
                  <Table.Th scope="col">Rating</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {load.items.map((other) => (
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
          </div>
          <Group gap="sm">
            <Text size="sm" className={classes.muted} aria-live="polite">
              {load.items.length} shown{load.next === null ? '' : ', more available'}
            </Text>
            {load.next !== null && (
              <Button
                size="compact-sm"
                variant="default"
                onClick={loadMore}
                loading={load.more === 'loading'}
              >
                Show more
              </Button>
            )}
          </Group>
          {typeof load.more === 'object' && (
            <SectionError
              message={failureText(load.more.error, 'More bonds could not be loaded.')}
              onRetry={loadMore}
            />
          )}
        </Stack>
      )}
    </SecuritySection>
  )
}
