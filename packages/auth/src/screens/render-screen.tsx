// Test helper: one account screen at a path, as an app renders it (its store and session), over a
// scripted fetch and in-memory tokens.
import { createMemoryTokenStore } from '@bonds/api-client'
import { createFakeFetch, type FakeFetch } from '@bonds/api-client/testing'
import { BondsProvider } from '@bonds/ui-kit'
import { render } from '@testing-library/react'
import type { ComponentType } from 'react'
import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import { createAppSession } from '../app-session.ts'
import { SessionProvider } from '../react.tsx'

/** Render `Screen` at `path` (with its query); `script` answers calls made on mount. */
export function renderScreen(
  Screen: ComponentType,
  path: string,
  script?: (fake: FakeFetch) => void,
) {
  const fake = createFakeFetch()
  script?.(fake)
  const { session, store } = createAppSession({
    notify: vi.fn(),
    tokens: createMemoryTokenStore(),
    fetch: fake.fetch,
  })
  const pattern = path.split('?')[0] ?? path
  const router = createMemoryRouter([{ path: pattern, element: <Screen /> }], {
    initialEntries: [path],
  })
  render(
    <BondsProvider env="test">
      <Provider store={store}>
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </Provider>
    </BondsProvider>,
  )
  return fake
}
