// Test helper: a settings page for a signed-in user, with a store over the app session's client
// and a scripted fetch.
import { createMemoryTokenStore } from '@bonds/api-client'
import { createFakeFetch, type FakeFetch } from '@bonds/api-client/testing'
import type { LoggedInUser } from '@bonds/domain'
import { BondsProvider } from '@bonds/ui-kit'
import { StoreProvider } from '@bonds/ui-kit/testing'
import { render } from '@testing-library/react'
import type { ComponentType } from 'react'
import { MemoryRouter } from 'react-router'
import { vi } from 'vitest'
import { createAppSession } from '../app-session.ts'
import { SessionProvider } from '../react.tsx'
import { opsAdmin } from '../testing/users.ts'

/** Render `Page` signed in as `user`; `script` answers the calls made on mount. */
export async function renderSettings(
  Page: ComponentType,
  user: LoggedInUser = opsAdmin(),
  script?: (fake: FakeFetch) => void,
) {
  const fake = createFakeFetch()
  fake.on('GET', 'api/session/', { body: user })
  script?.(fake)
  const app = createAppSession({
    notify: vi.fn(),
    tokens: createMemoryTokenStore({ access: 'a', refresh: 'r' }),
    fetch: fake.fetch,
  })
  await app.session.ready()
  render(
    <BondsProvider env="test">
      <StoreProvider api={app.api}>
        <SessionProvider session={app.session}>
          <MemoryRouter>
            <Page />
          </MemoryRouter>
        </SessionProvider>
      </StoreProvider>
    </BondsProvider>,
  )
  return fake
}
