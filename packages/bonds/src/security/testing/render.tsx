// Component tests of the security sections: the package's one render helper, at a security page.
import type { FakeFetch } from '@bonds/api-client/testing'
import type { ReactElement } from 'react'
import { renderWithProviders, type Rendered } from '../../testing/render.tsx'

/** Render `ui` at `path` (default a security page) with the providers an app gives it. */
export function renderSecurity(
  ui: ReactElement,
  { path = '/security/IN0020210244', fake }: { path?: string; fake?: FakeFetch } = {},
): Rendered {
  return renderWithProviders(ui, { path, ...(fake ? { fake } : {}) })
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
