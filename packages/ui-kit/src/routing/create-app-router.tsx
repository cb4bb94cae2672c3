import { Button, Center, Loader, Text } from '@mantine/core'
import { useEffect, type ComponentType } from 'react'
import {
  createBrowserRouter,
  createMemoryRouter,
  data,
  isRouteErrorResponse,
  matchRoutes,
  Outlet,
  redirect,
  redirectDocument,
  useLocation,
  useRouteError,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router'
import {
  matchRoute,
  ROUTES,
  type AppName,
  type RouteAccessResult,
  type RouteDefinition,
} from '@bonds/domain'
import { useShellAccount } from '../shell/account.tsx'
import { AppLayout } from '../shell/app-layout.tsx'
import type { UpgradeRequestOutcome } from '../shell/error-screen.tsx'
import { errorScreenLayout } from '../shell/error-screen-layout.ts'
import { isChunkLoadError, type BuildUpdates } from './build-updates.ts'
import { DocumentTitle } from './document-title.tsx'
import { ErrorScreenSlot, NotFoundSlot } from './error-screen-slot.tsx'

/** A page module loaded on demand: its `Page` component renders inside the route's layout. */
export type PageLoader = () => Promise<{ Page: ComponentType }>

/** The pages one app implements, keyed by the route table's path pattern (e.g. `/security/:id`). */
export type AppPages = Readonly<Record<string, PageLoader>>

/** The route guard: the verdict for a route and the path asked for (from `@bonds/auth`). */
export type RouteGuard = (route: RouteDefinition, path: string) => Promise<RouteAccessResult>

/** What an app passes to build its router. */
export interface AppRouterOptions {
  app: AppName
  pages: AppPages
  /** Checked before each page loads; without it every page is open (tests, stories). */
  guard?: RouteGuard
  /** The 402 screen's "Request Upgrade": files (or finds) the access-request ticket for the path. */
  requestUpgrade?: (path: string) => Promise<UpgradeRequestOutcome | undefined>
  /** Told of an error a page threw while rendering or loading (the app reports it to the server). */
  reportError?: (error: unknown) => void
  /** Build updates: a stale build turns the next navigation into a full page load. */
  updates?: BuildUpdates
}

/** A redirect inside this app, or a full page load when another app serves the target. */
function goTo(app: AppName, target: string): Response {
  return matchRoute(target)?.route.app === app ? redirect(target) : redirectDocument(target)
}

/**
 * The loader of every page: a stale build reloads the document; then the guard: login → sign-in
 * page, home → `/`, denied → the 401 or 402 screen.
 */
function pageLoader(app: AppName, route: RouteDefinition, options: AppRouterOptions) {
  const { guard, updates } = options
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url)
    if (updates?.stale && typeof window !== 'undefined') {
      const target = url.pathname + url.search
      const current = window.location.pathname + window.location.search
      if (target !== current) throw redirectDocument(target)
    }
    if (!guard) return null
    const verdict = await guard(route, url.pathname + url.search)
    if (verdict.kind === 'login') throw goTo(app, verdict.redirect)
    if (verdict.kind === 'home') throw goTo(app, '/')
    if (verdict.kind === 'denied') throw data(null, { status: verdict.status })
    return null
  }
}

function useLoggedIn(): boolean {
  return useShellAccount()?.status === 'signed-in'
}

function NotFoundRoute({ app }: { app: AppName }) {
  const { pathname } = useLocation()
  return (
    <AppLayout layout={errorScreenLayout(undefined, useLoggedIn())} app={app}>
      <NotFoundSlot path={pathname} />
    </AppLayout>
  )
}

function RouteErrorBoundary({
  app,
  route,
  requestUpgrade,
  reportError,
}: {
  app: AppName
  route?: RouteDefinition
  requestUpgrade?: ((path: string) => Promise<UpgradeRequestOutcome | undefined>) | undefined
  reportError?: ((error: unknown) => void) | undefined
}) {
  const error = useRouteError()
  const { pathname, search } = useLocation()
  const loggedIn = useLoggedIn()
  const status = isRouteErrorResponse(error) ? error.status : 500
  // A page that threw (not a guard's 401/402/404, not a stale build's chunk) is reported once.
  useEffect(() => {
    if (!isRouteErrorResponse(error) && !isChunkLoadError(error)) reportError?.(error)
  }, [error, reportError])
  return (
    <AppLayout layout={errorScreenLayout(route?.layout, loggedIn)} app={app}>
      {isChunkLoadError(error) ? (
        <ErrorScreenSlot
          status={200}
          message={
            <>
              <Text component="span" fw={600} display="block">
                A newer version is out
              </Text>
              This page belongs to it. Reload to continue; nothing you saved is lost.
              <Button display="block" mx="auto" mt="md" onClick={() => window.location.reload()}>
                Reload
              </Button>
            </>
          }
        />
      ) : status === 404 ? (
        <NotFoundSlot path={pathname} />
      ) : (
        <ErrorScreenSlot
          status={status}
          {...(status === 402 && requestUpgrade
            ? { onRequestUpgrade: () => requestUpgrade(pathname + search) }
            : {})}
        />
      )}
    </AppLayout>
  )
}

/**
 * What a page route shows while its guard runs at the start of a visit (React Router's hydrate
 * fallback): the route's layout around a loader, so the frame is there before the page.
 */
function PageLoading({ app, route }: { app: AppName; route: RouteDefinition }) {
  return (
    <AppLayout layout={route.layout} app={app} hideChatSidebar={route.hideChatSidebar}>
      <RouteTitle route={route} />
      <Center mih="40vh">
        <Loader aria-label="Loading the page" type="dots" />
      </Center>
    </AppLayout>
  )
}

/** The tab's title of a route whose page does not name a record itself. */
function RouteTitle({ route }: { route: RouteDefinition }) {
  return <DocumentTitle page={route.titleFromPage ? undefined : route.title} />
}

function routeObject(app: AppName, route: RouteDefinition, options: AppRouterOptions): RouteObject {
  if (route.redirectTo) {
    const target = route.redirectTo
    return {
      id: route.path,
      path: route.path,
      loader: () => redirect(target),
      HydrateFallback: () => null,
    }
  }
  const common = {
    id: route.path,
    path: route.path,
    errorElement: (
      <RouteErrorBoundary
        app={app}
        route={route}
        requestUpgrade={options.requestUpgrade}
        reportError={options.reportError}
      />
    ),
    loader: pageLoader(app, route, options),
    HydrateFallback: () => <PageLoading app={app} route={route} />,
  }
  const load = options.pages[route.path]
  // A route of this app whose page is not built yet: still guarded (a basic-tier client sees the
  // 402 screen), then "Page not found" (decision 083).
  if (!load) return { ...common, element: <NotFoundRoute app={app} /> }
  return {
    ...common,
    lazy: async () => {
      let Page: ComponentType
      try {
        ;({ Page } = await load())
      } catch (error) {
        if (isChunkLoadError(error)) options.updates?.chunkFailed()
        // React Router 7.18 renders nothing for an error thrown by `lazy`; thrown while rendering,
        // it reaches the route's error boundary.
        return {
          Component: () => {
            throw error
          },
        }
      }
      return {
        Component: () => (
          <AppLayout layout={route.layout} app={app} hideChatSidebar={route.hideChatSidebar}>
            <RouteTitle route={route} />
            <Page />
          </AppLayout>
        ),
      }
    },
  }
}

/** The route objects of one app: its pages from the route table, and the 404 page for the rest. */
export function appRouteObjects(options: AppRouterOptions): RouteObject[] {
  const { app, pages } = options
  const known = new Set(ROUTES.map((route) => route.path))
  for (const path of Object.keys(pages)) {
    if (!known.has(path)) throw new Error(`${app}: page "${path}" is not in the route table`)
  }
  const children = ROUTES.filter((route) => route.app === app).map((route) =>
    routeObject(app, route, options),
  )
  return [
    {
      id: 'root',
      element: <Outlet />,
      errorElement: (
        <RouteErrorBoundary
          app={app}
          requestUpgrade={options.requestUpgrade}
          reportError={options.reportError}
        />
      ),
      children: [...children, { id: '*', path: '*', element: <NotFoundRoute app={app} /> }],
    },
  ]
}

/** The route objects of an app, ready for its first render at one location. */
export interface PreparedRoutes {
  routes: RouteObject[]
  /** Present when the first render hydrates a prerendered page: its loaders count as done. */
  hydrationData?: HydrationState
}

/**
 * The route objects of one app with the page at `location` already loaded, so the first render
 * shows the page rather than a fallback while its module arrives. With `hydrate` (a prerendered
 * public page), the page's loaders count as done, and the first render is the page itself: the
 * same markup the server sent.
 */
export async function prepareAppRoutes(
  options: AppRouterOptions,
  location: string,
  { hydrate = false }: { hydrate?: boolean } = {},
): Promise<PreparedRoutes> {
  const routes = appRouteObjects(options)
  const matches = matchRoutes(routes, location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy
      if (typeof lazy !== 'function') return
      const loaded = await lazy()
      delete route.lazy
      Object.assign(route, loaded)
    }),
  )
  if (!hydrate) return { routes }
  const loaderData: Record<string, unknown> = {}
  for (const { route } of matches) if (route.loader && route.id) loaderData[route.id] = null
  return { routes, hydrationData: { loaderData } }
}

/** A browser router for one app (apps call this once at start). */
export function createAppRouter(options: AppRouterOptions, prepared?: PreparedRoutes) {
  if (!prepared) return createBrowserRouter(appRouteObjects(options))
  return createBrowserRouter(
    prepared.routes,
    prepared.hydrationData ? { hydrationData: prepared.hydrationData } : {},
  )
}

/** A memory router for one app, for tests, stories and prerendering first views. */
export function createAppMemoryRouter(
  options: AppRouterOptions,
  initialPath: string,
  prepared?: PreparedRoutes,
) {
  return createMemoryRouter(prepared?.routes ?? appRouteObjects(options), {
    initialEntries: [initialPath],
    ...(prepared?.hydrationData ? { hydrationData: prepared.hydrationData } : {}),
  })
}
