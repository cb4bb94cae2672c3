// Test helper: one account screen at a path, over a scripted fetch and in-memory tokens.
import { createMemoryTokenStore } from '@bonds/api-client'
import { createFakeFetch, type FakeFetch } from '@bonds/api-client/testing'
import { BondsProvider } from '@bonds/ui-kit'
import { render } from '@testing-library/react'
import type { ComponentType } from 'react'
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
  const { session } = createAppSession({
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
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </BondsProvider>,
  )
  return fake
}
