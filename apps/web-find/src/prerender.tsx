// The find app's first views, rendered at build time (scripts/prerender.mjs) with the same
// components the app renders, so the server can send a page's first paint in its HTML. Only what
// needs no data: /find as it first renders (title, search, filters, skeleton rows) and
// /security/{id} with the bond's name, which the server fills in per request.
import { ROUTES } from '@bonds/domain'
import { SecurityPageFirstView } from '@bonds/bonds'
import { AppLayout, BondsProvider } from '@bonds/ui-kit'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { Page as FindPage } from './routes/find-page.tsx'

/** Where the server puts the bond's name (HTML-escaped) in the security page's first view. */
export const NAME_SLOT = '__FIRST_VIEW_NAME__'

function render(path: string, location: string, page: ReactNode): string {
  const route = ROUTES.find((r) => r.path === path)
  if (!route) throw new Error(`${path} is not in the route table`)
  return renderToString(
    <BondsProvider>
      <MemoryRouter initialEntries={[location]}>
        <AppLayout layout={route.layout} app="find">
          {page}
        </AppLayout>
      </MemoryRouter>
    </BondsProvider>,
  )
}

/** The first view of each prerendered route, keyed by its route-table path. */
export function renderFirstViews(): Record<string, string> {
  return {
    '/find': render('/find', '/find', <FindPage />),
    '/security/:id': render(
      '/security/:id',
      '/security/IN0000000000',
      <SecurityPageFirstView name={NAME_SLOT} />,
    ),
  }
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

export { FIRST_VIEW_ID, FIRST_VIEW_STYLE, COLOR_SCHEME_SCRIPT } from '@bonds/ui-kit'
