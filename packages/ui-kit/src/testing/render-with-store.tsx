// Render a workspace screen as an app does: the store (over a scripted fetch and a fake trade
// socket), the theme in test mode, and a memory router.
import {
  createApiClient,
  createAppStore,
  createMemoryTokenStore,
  createTradeSocket,
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
import { MemoryRouter } from 'react-router'

/** Options of renderWithStore. */
export interface RenderWithStoreOptions extends TestStoreOptions {
  /** The page's path. */
  path?: string
}

/** Options of createTestStore. */
export interface TestStoreOptions {
  /** Hand over socket messages at once rather than per animation frame. */
  immediateFrames?: boolean
  /** A scripted fetch with the answers the screen's calls need (else a fresh one). */
  fake?: FakeFetch
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
    notify: () => {},
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
  return { store, fake, sockets, tokens }
}

/** Render `ui` with a fresh store; returns the fake network and socket server to script. */
export function renderWithStore(ui: ReactNode, options: RenderWithStoreOptions = {}) {
  const { store, fake, sockets, tokens } = createTestStore(options)
  const view = render(
    <BondsProvider env="test">
      <Provider store={store}>
        <MemoryRouter initialEntries={[options.path ?? '/dart']}>{ui}</MemoryRouter>
      </Provider>
    </BondsProvider>,
  )
  return { ...view, fake, sockets, store, tokens }
}
