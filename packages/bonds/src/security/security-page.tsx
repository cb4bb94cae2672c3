// /security/{id}: loads the bond and shows every section; an unknown id shows the 404 screen.
import type { ApiClient } from '@bonds/api-client'
import { isApiError } from '@bonds/api-client'
import type { AppName } from '@bonds/domain'
import { NotFoundPage, useFirstViewName } from '@bonds/ui-kit'
import { Container, Skeleton, Stack, Title } from '@mantine/core'
import { useMemo, type ReactNode } from 'react'
import { signInHref, type SecurityDataAccess } from './access.ts'
import { securityApi } from './api.ts'
import { SecurityDetail } from './security-detail.tsx'
import { SectionError } from './section.tsx'
import { useResource } from './use-resource.ts'

/** Props of SecurityPage. */
export interface SecurityPageProps {
  /** The bond's id (ISIN) from the route. */
  id: string
  /** The app's API client. */
  api: ApiClient
  /** What the session allows (`securityDataAccess(useSession())`). */
  access: SecurityDataAccess
  /** The page's path and query: shown on the 404 screen and carried by the sign-in link. */
  path: string
  /** The app rendering the page. */
  app?: AppName
  /** Today in India (YYYY-MM-DD); the current date by default. */
  today?: string
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

/** One bond's page, from its id. */
export function SecurityPage({ id, api, access, path, app, today }: SecurityPageProps) {
  const calls = useMemo(() => securityApi(api), [api])
  const bond = useResource(id, (signal) => calls.info(id, signal))
  // A prerendered first view shows the bond's name (the server's) until the bond is here.
  const firstViewName = useFirstViewName(path.replace(/[?#].*$/, ''))
  if (
    bond.status === 'error' &&
    isApiError(bond.error) &&
    (bond.error.status === 404 || bond.error.status === 400)
  ) {
    return <NotFoundPage path={path.replace(/[?#].*$/, '')} />
  }
  return (
    <Frame>
      {(bond.status === 'loading' || bond.status === 'idle') && (
        <SecurityPageLoading name={firstViewName} />
      )}
      {bond.status === 'error' && (
        <SectionError message="The bond could not be loaded." onRetry={bond.retry} />
      )}
      {bond.status === 'ready' && (
        <SecurityDetail
          key={bond.data.id}
          bond={bond.data}
          api={api}
          access={access}
          signInHref={signInHref(path)}
          app={app}
          today={today}
        />
      )}
    </Frame>
  )
}
