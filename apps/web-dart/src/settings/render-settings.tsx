// Test helper: a settings page for a signed-in user, with a store over the app session's client
// and a scripted fetch.
import { createMemoryTokenStore } from '@bonds/api-client'
import { createFakeFetch, type FakeFetch } from '@bonds/api-client/testing'
import { createAppSession, SessionProvider } from '@bonds/auth'
import type { LoggedInUser } from '@bonds/domain'
import { BondsProvider } from '@bonds/ui-kit'
import { StoreProvider } from '@bonds/ui-kit/testing'
import { render } from '@testing-library/react'
import type { ComponentType } from 'react'
import { MemoryRouter } from 'react-router'
import { vi } from 'vitest'

/** An Ops Admin of a premium corporate client, as the session answers it. */
export function opsAdmin(overrides: Partial<LoggedInUser> = {}): LoggedInUser {
  return {
    user_info: {
      id: 'u-admin',
      unique_id: 'u-admin',
      first_name: 'Olga',
      last_name: 'Admin',
      email: 'opsadmin@demo.test',
      mobile: '9800000105',
      roles: ['clientopsadmin'],
      single_screen_waitlist_joined: false,
      has_accepted_chat_terms: false,
      user_security_preferences: {},
      suprsend_subscriber_id: null,
    },
    name: 'Demo Capital',
    user_accounts: [],
    permissions: [],
    client_type: 'CORP',
    client_tier: 'PREMIUM',
    allowed_exchanges: ['NSCCL', 'ICCL'],
    allowed_reporting_exchanges: [],
    rfq_exchanges: ['NSE', 'BSE'],
    stp_exchanges: [],
    is_broker: false,
    has_brokers: false,
    trades_on_books: false,
    nsccl_credentials: false,
    iccl_credentials: false,
    nsccl_name: null,
    iccl_name: null,
    ...overrides,
  }
}

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
