// Component tests of the security sections: one helper renders with the theme (env="test"), a
// memory router and an API client over a scripted fetch; a request nobody scripted fails the test.
import type { ApiClient, ApiNotice } from '@bonds/api-client'
import { createFakeFetch, type FakeFetch } from '@bonds/api-client/testing'
import { BondsProvider } from '@bonds/ui-kit'
import { render, type RenderResult } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { vi } from 'vitest'
import { fakeApi } from '../../testing/render.tsx'
import { securityApi, type SecurityApi } from '../api.ts'

/** What a rendered security test works with. */
export interface RenderedSecurity extends RenderResult {
  fake: FakeFetch
  client: ApiClient
  api: SecurityApi
  notify: ReturnType<typeof vi.fn<(notice: ApiNotice) => void>>
}

/** Render `ui` at `path` (default a security page) with the providers an app gives it. */
export function renderSecurity(
  ui: (tools: { client: ApiClient; api: SecurityApi }) => ReactElement,
  {
    path = '/security/IN0020210244',
    fake = createFakeFetch(),
  }: { path?: string; fake?: FakeFetch } = {},
): RenderedSecurity {
  const { api: client, notify } = fakeApi(fake)
  const api = securityApi(client)
  const router = createMemoryRouter(
    [
      { path: '/security/:id', element: ui({ client, api }) },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  )
  const view = render(
    <BondsProvider env="test">
      <RouterProvider router={router} />
    </BondsProvider>,
  )
  return { ...view, fake, client, api, notify }
}

/**
 * A PDF as the server sends one, with its file name. The body is text: jsdom's `Blob` cannot be
 * the body of Node's `Response`, and the client reads it back as a `Blob` either way.
 */
export function pdfAnswer(fileName: string) {
  return {
    body: '%PDF-1.7\n%test\n',
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
    },
  }
}
