// /security/{id}: loads the bond and shows every section; an unknown id shows the 404 screen.
// What the cache already knows of the bond (from search, screener or the issuer's list) shows at
// once, and its record fills in the rest when it arrives.
import { failureOf, useAppSelector } from '@bonds/api-client'
import { securityTitle, type AppName, type FinstrumentSummary } from '@bonds/domain'
import { NotFoundPage, useDocumentTitle, useFirstViewName } from '@bonds/ui-kit'
import { Container, Skeleton, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useFinstrumentQuery } from '../api/finstrument.ts'
import { selectKnownFinstrument } from '../api/known-finstrument.ts'
import { useQueryView } from '../api/query-view.ts'
import { signInHref, type SecurityDataAccess } from './access.ts'
import { SecurityDetail, SecurityHeading, type SecurityDetailProps } from './security-detail.tsx'
import { SectionError } from './section.tsx'

/** Props of SecurityPage. */
export interface SecurityPageProps {
  /** The bond's id (ISIN) from the route. */
  id: string
  /** What the session allows (`securityDataAccess(useSession())`). */
  access: SecurityDataAccess
  /** The page's path and query: shown on the 404 screen and carried by the sign-in link. */
  path: string
  /** The app rendering the page. */
  app?: AppName
  /** Today in India (YYYY-MM-DD); the current date by default. */
  today?: string
  /** The app's "Report issue" beside the calculator (`@bonds/support`'s `ReportIssueButton`). */
  reportIssue?: SecurityDetailProps['reportIssue']
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      {children}
    </Container>
  )
}

/** Props of SecurityPageLoading. */
export interface SecurityPageLoadingProps {
  /** The bond's name when known before its record (the prerendered first view), else a skeleton. */
  name?: string
}

/** The security page while its bond loads (also its prerendered first view, with the name). */
export function SecurityPageLoading({ name }: SecurityPageLoadingProps) {
  return (
    <Stack aria-busy="true" role="status" aria-label="Loading the bond">
      {name === undefined ? (
        <Skeleton height={36} width="50%" />
      ) : (
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
      )}
      <Skeleton height={18} width="30%" />
      <Skeleton height={280} />
    </Stack>
  )
}

/** The page while the record loads, from what a list already told: the heading, then skeletons. */
function SecurityPagePreview({ bond }: { bond: FinstrumentSummary }) {
  return (
    <Stack gap="lg">
      <SecurityHeading bond={bond} />
      <Stack aria-busy="true" role="status" aria-label="Loading the bond’s details">
        <Skeleton height={280} />
        <Skeleton height={180} />
      </Stack>
    </Stack>
  )
}

/** One bond's page, from its id. */
export function SecurityPage({ id, access, path, app, today, reportIssue }: SecurityPageProps) {
  const result = useFinstrumentQuery(id)
  const bond = useQueryView(result)
  // Until the record is here: what search, screener or the issuer's list said of the bond.
  const known = useAppSelector((state) =>
    bond.status === 'ready' ? undefined : selectKnownFinstrument(state, id),
  )
  // A prerendered first view shows the bond's name (the server's) until the bond is here.
  const firstViewName = useFirstViewName(path.replace(/[?#].*$/, ''))
  const status = bond.status === 'error' ? failureOf(bond.error)?.status : undefined
  const notFound = status === 404 || status === 400
  // The tab names the bond (its ISIN until the name is known); the 404 screen names itself.
  const name =
    bond.status === 'ready' ? bond.data.display_name : (known?.display_name ?? firstViewName)
  useDocumentTitle(notFound ? undefined : securityTitle(id, name))
  if (notFound) return <NotFoundPage path={path.replace(/[?#].*$/, '')} />
  return (
    <Frame>
      {bond.status === 'loading' &&
        (known ? (
          <SecurityPagePreview bond={known} />
        ) : (
          <SecurityPageLoading name={firstViewName} />
        ))}
      {bond.status === 'error' && (
        <SectionError
          message="The bond could not be loaded."
          onRetry={() => void result.refetch()}
        />
      )}
      {bond.status === 'ready' && (
        <SecurityDetail
          key={bond.data.id}
          bond={bond.data}
          access={access}
          signInHref={signInHref(path)}
          app={app}
          today={today}
          reportIssue={reportIssue}
        />
      )}
    </Frame>
  )
}
