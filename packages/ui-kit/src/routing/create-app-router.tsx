import type { ComponentType } from 'react'
import {
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  Outlet,
  redirect,
  useLocation,
  useRouteError,
  type RouteObject,
} from 'react-router'
import { ROUTES, type AppName, type RouteDefinition } from '@bonds/domain'
import { AppLayout } from '../shell/app-layout.tsx'
import { ErrorScreen, errorScreenLayout, NotFoundPage } from '../shell/error-screen.tsx'

/** A page module loaded on demand: its `Page` component renders inside the route's layout. */
export type PageLoader = () => Promise<{ Page: ComponentType }>

/** The pages one app implements, keyed by the route table's path pattern (e.g. `/security/:id`). */
export type AppPages = Readonly<Record<string, PageLoader>>

/** What an app passes to build its router. */
export interface AppRouterOptions {
  app: AppName
  pages: AppPages
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

function routeObject(app: AppName, route: RouteDefinition, pages: AppPages): RouteObject | null {
  if (route.redirectTo) {
    const target = route.redirectTo
    return { path: route.path, loader: () => redirect(target) }
  }
  const load = pages[route.path]
  if (!load) return null
  return {
    path: route.path,
    errorElement: <RouteErrorBoundary app={app} route={route} />,
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
export function appRouteObjects({ app, pages }: AppRouterOptions): RouteObject[] {
  const known = new Set(ROUTES.map((route) => route.path))
  for (const path of Object.keys(pages)) {
    if (!known.has(path)) throw new Error(`${app}: page "${path}" is not in the route table`)
  }
  const children = ROUTES.filter((route) => route.app === app)
    .map((route) => routeObject(app, route, pages))
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
