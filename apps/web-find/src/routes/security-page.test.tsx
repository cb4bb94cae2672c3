import { createFakeFetch } from '@bonds/api-client/testing'
import { SessionProvider } from '@bonds/auth'
import { bondInfo } from '@bonds/bonds/testing'
import { BondsProvider } from '@bonds/ui-kit'
import { StoreProvider } from '@bonds/ui-kit/testing'
import { render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, session } from '../app/session.ts'
import { Page } from './security-page.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
})

function renderRoute(id: string, fake: ReturnType<typeof createFakeFetch>) {
  vi.stubGlobal('fetch', fake.fetch)
  // What BondsApp's session.start() does: load the session once (no token: signed out).
  void session.ready()
  const router = createMemoryRouter([{ path: '/security/:id', element: <Page /> }], {
    initialEntries: [`/security/${id}?from=find`],
  })
  render(
    <BondsProvider env="test">
      <StoreProvider api={api}>
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </StoreProvider>
    </BondsProvider>,
  )
}

describe('/security/{id}', () => {
  it('gives a visitor the public page and a sign-in link back to it on the gated sections', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/v2/finstrument/info/IN0020210244', { body: bondInfo() })
      .on('POST', 'api/bonds-by-same-issuer/IN0020210244/', {
        body: { results: [], next_cursor: null },
      })
    renderRoute('IN0020210244', fake)
    expect(
      await screen.findByRole('heading', { level: 1, name: '6.54% GS 2032' }),
    ).toBeInTheDocument()
    const history = screen.getByRole('region', { name: 'Trade history' })
    expect(within(history).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fsecurity%2FIN0020210244%3Ffrom%3Dfind',
    )
    expect(fake.callsTo('POST', 'api/trades/IN0020210244/')).toHaveLength(0)
  })

  it('shows the 404 screen for an unknown id', async () => {
    const fake = createFakeFetch().on('GET', 'api/v2/finstrument/info/XX0000000000', {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Bond not found' },
    })
    renderRoute('XX0000000000', fake)
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
    expect(screen.getByText('/security/XX0000000000')).toBeInTheDocument()
  })
})
