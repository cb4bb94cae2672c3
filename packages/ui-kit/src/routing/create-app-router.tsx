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
import { AppLayout } from '../shell/app-layout.tsx'
import { ErrorScreen, errorScreenLayout, NotFoundPage } from '../shell/error-screen.tsx'

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
}

/** A redirect inside this app, or a full page load when another app serves the target. */
function goTo(app: AppName, target: string): Response {
  return matchRoute(target)?.route.app === app ? redirect(target) : redirectDocument(target)
}

/** The loader that runs the guard: login → sign-in page, home → `/`, denied → the 401 screen. */
function guardLoader(app: AppName, route: RouteDefinition, guard: RouteGuard) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url)
    const verdict = await guard(route, url.pathname + url.search)
    if (verdict.kind === 'login') throw goTo(app, verdict.redirect)
    if (verdict.kind === 'home') throw goTo(app, '/')
    if (verdict.kind === 'denied') throw data(null, { status: verdict.status })
    return null
  }
}

function NotFoundRoute({ app }: { app: AppName }) {
  const { pathname } = useLocation()
  return (
    <AppLayout layout={errorScreenLayout(undefined, false)} app={app}>
      <NotFoundPage path={pathname} />
    </AppLayout>
  )
}

function RouteErrorBoundary({ app, route }: { app: AppName; route?: RouteDefinition }) {
  const error = useRouteError()
  const { pathname } = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <AppLayout layout={errorScreenLayout(route?.layout, false)} app={app}>
      {status === 404 ? <NotFoundPage path={pathname} /> : <ErrorScreen status={status} />}
    </AppLayout>
  )
}

function routeObject(
  app: AppName,
  route: RouteDefinition,
  pages: AppPages,
  guard: RouteGuard | undefined,
): RouteObject | null {
  if (route.redirectTo) {
    const target = route.redirectTo
    return { path: route.path, loader: () => redirect(target) }
  }
  const load = pages[route.path]
  if (!load) return null
  return {
    path: route.path,
    errorElement: <RouteErrorBoundary app={app} route={route} />,
    ...(guard ? { loader: guardLoader(app, route, guard) } : {}),
    lazy: async () => {
      const { Page } = await load()
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
export function appRouteObjects({ app, pages, guard }: AppRouterOptions): RouteObject[] {
  const known = new Set(ROUTES.map((route) => route.path))
  for (const path of Object.keys(pages)) {
    if (!known.has(path)) throw new Error(`${app}: page "${path}" is not in the route table`)
  }
  const children = ROUTES.filter((route) => route.app === app)
    .map((route) => routeObject(app, route, pages, guard))
    .filter((route): route is RouteObject => route !== null)
  return [
    {
      element: <Outlet />,
      errorElement: <RouteErrorBoundary app={app} />,
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
