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

export { FIRST_VIEW_ID, FIRST_VIEW_STYLE, COLOR_SCHEME_SCRIPT } from '@bonds/ui-kit'
