// The find app's first views, rendered at build time (scripts/prerender.mjs) by the app itself:
// the same root, router and page it renders in the browser, at the page's first state (before
// any data), so the browser hydrates the markup instead of replacing it. /find as it first
// renders (title, search, filters, skeleton rows) and /security/{id} with the bond's name, which
// the server fills in per request.
import { BondsApp } from '@bonds/auth'
import { createAppMemoryRouter, prepareAppRoutes } from '@bonds/ui-kit'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { pages } from './app/routes.ts'
import { appSession } from './app/session.ts'

/** Where the server puts the bond's name (HTML-escaped) in the security page's first view. */
export const NAME_SLOT = '__FIRST_VIEW_NAME__'
/** Where the server puts the page's path (HTML-escaped) in the security page's first view. */
export const PATH_SLOT = '/security/__FIRST_VIEW_ID__'

/** A prerendered route: the location it is rendered at, and the name it shows, if any. */
interface FirstViewRoute {
  location: string
  name?: string
}

/** The prerendered routes, keyed by route-table path. */
export const FIRST_VIEW_ROUTES: Readonly<Record<string, FirstViewRoute>> = {
  '/find': { location: '/find' },
  '/security/:id': { location: PATH_SLOT, name: NAME_SLOT },
}

/** The app's markup at `location`, as its first render in the browser makes it. */
async function render({ location, name }: FirstViewRoute): Promise<string> {
  const options = { app: 'find' as const, pages }
  const prepared = await prepareAppRoutes(options, location, { hydrate: true })
  const router = createAppMemoryRouter(options, location, prepared)
  try {
    return renderToString(
      <StrictMode>
        <BondsApp appSession={appSession} router={router} firstView={{ path: location, name }} />
      </StrictMode>,
    )
  } finally {
    router.dispose()
  }
}

/** The first view of each prerendered route, keyed by its route-table path. */
export async function renderFirstViews(): Promise<Record<string, string>> {
  const views: Record<string, string> = {}
  for (const [path, route] of Object.entries(FIRST_VIEW_ROUTES)) views[path] = await render(route)
  return views
}

/** After the first paint, or after this long when the page is not painted (a background tab). */
const START_FALLBACK_MS = 3000
/** Elements the starter adds per task: each costs the browser a fetch to start (1–2 ms). */
const STARTER_BATCH = 4

/**
 * An inline script that starts the app after the first view is painted: it adds the entry's
 * module preloads and its module script then, instead of in the HTML, and after them `later`
 * preloads (the route's own chunks), a few per task. Fetched with the page, the scripts shared a
 * slow connection with the stylesheets the first paint waits for, and their evaluation could
 * run before it.
 */
export function startAfterFirstPaint(
  entry: string,
  preloads: readonly string[],
  later: readonly string[] = [],
): string {
  const items = [
    ...preloads.map((href) => ['l', href]),
    ['s', entry],
    ...later.map((h) => ['l', h]),
  ]
  return `(function(){var d=document,q=${JSON.stringify(items)},i=0,done=0;function add(x){var e=d.createElement(x[0]==='s'?'script':'link');if(x[0]==='s'){e.type='module';e.src=x[1]}else{e.rel='modulepreload';e.href=x[1]}e.crossOrigin='';d.head.appendChild(e)}function step(){for(var k=0;k<${STARTER_BATCH}&&i<q.length;k++)add(q[i++]);if(i<q.length)setTimeout(step,0)}function go(){if(done)return;done=1;step()}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,${START_FALLBACK_MS})})()`
}

export { COLOR_SCHEME_SCRIPT, FIRST_VIEW_ATTRIBUTES } from '@bonds/ui-kit'
