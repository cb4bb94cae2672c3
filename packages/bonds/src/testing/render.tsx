// Component tests of search, screener and the security page: ui-kit's one helper renders with the
// store (over an API client whose fetch is scripted; a request nobody scripted fails the test),
// the theme (env="test") and a memory router; the client's toast requests go to a spy.
import type { ApiNotice } from '@bonds/api-client'
import type { FakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import type { ReactElement } from 'react'
import { vi } from 'vitest'

/** What a rendered component test works with. */
export type Rendered = ReturnType<typeof renderWithStore> & {
  /** Toasts the client asked for. */
  notify: ReturnType<typeof vi.fn<(notice: ApiNotice) => void>>
}

/** Render `ui` at `path` (default `/find`) with the providers an app gives it. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/find', fake }: { path?: string; fake?: FakeFetch } = {},
): Rendered {
  const notify = vi.fn<(notice: ApiNotice) => void>()
  return { ...renderWithStore(ui, { path, notify, ...(fake ? { fake } : {}) }), notify }
}
