// /security/{id}: loads the bond and shows every section; an unknown id shows the 404 screen.
import type { ApiClient } from '@bonds/api-client'
import { isApiError } from '@bonds/api-client'
import type { AppName } from '@bonds/domain'
import { NotFoundPage } from '@bonds/ui-kit'
import { Container, Skeleton, Stack } from '@mantine/core'
import { useMemo } from 'react'
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

/** One bond's page, from its id. */
export function SecurityPage({ id, api, access, path, app, today }: SecurityPageProps) {
  const calls = useMemo(() => securityApi(api), [api])
  const bond = useResource(id, (signal) => calls.info(id, signal))
  if (
    bond.status === 'error' &&
    isApiError(bond.error) &&
    (bond.error.status === 404 || bond.error.status === 400)
  ) {
    return <NotFoundPage path={path.replace(/[?#].*$/, '')} />
  }
  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      {(bond.status === 'loading' || bond.status === 'idle') && (
        <Stack aria-busy="true" role="status" aria-label="Loading the bond">
          <Skeleton height={36} width="50%" />
          <Skeleton height={18} width="30%" />
          <Skeleton height={280} />
        </Stack>
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
    </Container>
  )
}
