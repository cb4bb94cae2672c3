import { Button, Text } from '@mantine/core'
import type { ComponentType } from 'react'
import {
  createBrowserRouter,
  createMemoryRouter,
  data,
  isRouteErrorResponse,
  Outlet,
  redirect,
  redirectDocument,
  useLocation,
  useRouteError,
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
import { ErrorScreen, errorScreenLayout, NotFoundPage } from '../shell/error-screen.tsx'
import { isChunkLoadError, type BuildUpdates } from './build-updates.ts'

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
  /** The 402 screen's "Request Upgrade": creates the access-request ticket for the path. */
  requestUpgrade?: (path: string) => Promise<void>
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
      <NotFoundPage path={pathname} />
    </AppLayout>
  )
}

function RouteErrorBoundary({
  app,
  route,
  requestUpgrade,
}: {
  app: AppName
  route?: RouteDefinition
  requestUpgrade?: ((path: string) => Promise<void>) | undefined
}) {
  const error = useRouteError()
  const { pathname, search } = useLocation()
  const loggedIn = useLoggedIn()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <AppLayout layout={errorScreenLayout(route?.layout, loggedIn)} app={app}>
      {isChunkLoadError(error) ? (
        <ErrorScreen
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
        <NotFoundPage path={pathname} />
      ) : (
        <ErrorScreen
          status={status}
          {...(status === 402 && requestUpgrade
            ? { onRequestUpgrade: () => requestUpgrade(pathname + search) }
            : {})}
        />
      )}
    </AppLayout>
  )
}

function routeObject(app: AppName, route: RouteDefinition, options: AppRouterOptions): RouteObject {
  if (route.redirectTo) {
    const target = route.redirectTo
    return { path: route.path, loader: () => redirect(target) }
  }
  const common = {
    path: route.path,
    errorElement: (
      <RouteErrorBoundary app={app} route={route} requestUpgrade={options.requestUpgrade} />
    ),
    loader: pageLoader(app, route, options),
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
      element: <Outlet />,
      errorElement: <RouteErrorBoundary app={app} requestUpgrade={options.requestUpgrade} />,
      children: [...children, { path: '*', element: <NotFoundRoute app={app} /> }],
    },
  ]
}

/** A browser router for one app (apps call this once at start). */
export function createAppRouter(options: AppRouterOptions) {
  return createBrowserRouter(appRouteObjects(options))
}

/** A memory router for one app, for tests and stories. */
export function createAppMemoryRouter(options: AppRouterOptions, initialPath: string) {
  return createMemoryRouter(appRouteObjects(options), { initialEntries: [initialPath] })
}
