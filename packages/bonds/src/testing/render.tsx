// Component tests of search and screener: one helper renders with the theme (env="test"), a memory
// router and an API client whose fetch is scripted; a request nobody scripted fails the test.
import {
  createApiClient,
  createMemoryTokenStore,
  type ApiClient,
  type ApiNotice,
} from '@bonds/api-client'
import { createFakeFetch, type FakeFetch } from '@bonds/api-client/testing'
import { BondsProvider } from '@bonds/ui-kit'
import { render, type RenderResult } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { vi } from 'vitest'

/** What a rendered component test works with. */
export interface Rendered extends RenderResult {
  fake: FakeFetch
  api: ApiClient
  /** Toasts the client asked for. */
  notify: ReturnType<typeof vi.fn<(notice: ApiNotice) => void>>
  /** The memory router's current location (path and search). */
  location: () => string
}

/** An API client over a scripted fetch, and its toast spy. */
export function fakeApi(fake: FakeFetch = createFakeFetch()) {
  const notify = vi.fn<(notice: ApiNotice) => void>()
  const api = createApiClient({
    baseUrl: '/',
    fetch: fake.fetch,
    tokens: createMemoryTokenStore(),
    endpoints: { refresh: 'api/token/refresh/' },
    onLogout: () => {},
    notify,
  })
  return { fake, api, notify }
}

/** Render `ui(api)` at `path` (default `/find`) with the providers an app gives it. */
export function renderWithProviders(
  ui: (api: ApiClient) => ReactElement,
  { path = '/find', fake = createFakeFetch() }: { path?: string; fake?: FakeFetch } = {},
): Rendered {
  const { api, notify } = fakeApi(fake)
  const seen = { location: path }
  function Spy({ children }: { children: ReactNode }) {
    const { pathname, search } = useLocation()
    seen.location = pathname + search
    return children
  }
  const router = createMemoryRouter(
    [
      { path: '/find', element: <Spy>{ui(api)}</Spy> },
      { path: '*', element: <Spy>elsewhere</Spy> },
    ],
    { initialEntries: [path] },
  )
  const view = render(
    <BondsProvider env="test">
      <RouterProvider router={router} />
    </BondsProvider>,
  )
  return { ...view, fake, api, notify, location: () => seen.location }
}
