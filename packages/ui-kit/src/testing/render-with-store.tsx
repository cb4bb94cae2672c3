// Render a screen as an app does: the store (over a scripted fetch and a fake trade socket), the
// theme in test mode, and a memory router.
import {
  createApiClient,
  createAppStore,
  createMemoryTokenStore,
  createTradeSocket,
  type ApiNotice,
  type AppStore,
} from '@bonds/api-client'
import {
  createFakeFetch,
  createFakeSocketServer,
  type FakeFetch,
  type FakeSocketServer,
} from '@bonds/api-client/testing'
import { BondsProvider } from '../shell/provider.tsx'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { MemoryRouter, useLocation } from 'react-router'

/** Options of createTestStore. */
export interface TestStoreOptions {
  /** Hand over socket messages at once rather than per animation frame. */
  immediateFrames?: boolean
  /** A scripted fetch with the answers the screen's calls need (else a fresh one). */
  fake?: FakeFetch
  /** Where the client's toast requests go (a spy, to assert them); none by default. */
  notify?: (notice: ApiNotice) => void
}

/** Options of renderWithStore. */
export interface RenderWithStoreOptions extends TestStoreOptions {
  /** The page's path. */
  path?: string
}

/** A fresh store as an app makes it, over a scripted fetch and a fake trade socket server. */
export function createTestStore(options: TestStoreOptions = {}) {
  const fake: FakeFetch = options.fake ?? createFakeFetch()
  const sockets: FakeSocketServer = createFakeSocketServer()
  const tokens = createMemoryTokenStore({ access: 'a1', refresh: 'r1' })
  const api = createApiClient({
    baseUrl: '',
    fetch: fake.fetch,
    tokens,
    endpoints: { refresh: 'api/token/refresh/' },
    onLogout: () => {},
    notify: options.notify ?? (() => {}),
    retryDelay: () => 0,
  })
  const store: AppStore = createAppStore({
    api,
    listen: false,
    openTradeSocket: () =>
      createTradeSocket({
        url: 'ws://test/ws/trade/d/',
        tokens,
        open: sockets.open,
        random: () => 0,
        ...(options.immediateFrames === false ? {} : { schedule: (flush) => flush() }),
      }),
  })
  return { store, fake, sockets, tokens, api }
}

/** Follows the memory router's location for the test to read. */
function LocationSpy({ seen }: { seen: { location: string } }) {
  const { pathname, search } = useLocation()
  seen.location = pathname + search
  return null
}

/** Render `ui` with a fresh store; returns the fake network and socket server to script. */
export function renderWithStore(ui: ReactNode, options: RenderWithStoreOptions = {}) {
  const { store, fake, sockets, tokens, api } = createTestStore(options)
  const path = options.path ?? '/dart'
  const seen = { location: path }
  const view = render(
    <BondsProvider env="test">
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <LocationSpy seen={seen} />
          {ui}
        </MemoryRouter>
      </Provider>
    </BondsProvider>,
  )
  return { ...view, fake, sockets, store, tokens, api, location: () => seen.location }
}
