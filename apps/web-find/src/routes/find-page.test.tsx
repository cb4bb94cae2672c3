import { createFakeFetch } from '@bonds/api-client/testing'
import { bondSummary } from '@bonds/bonds/testing'
import { MESSAGES } from '@bonds/domain'
import { BondsProvider } from '@bonds/ui-kit'
import { StoreProvider } from '@bonds/ui-kit/testing'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from '../app/session.ts'
import { Page } from './find-page.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
})

const gs2032 = bondSummary()

function renderFind(path: string, fake: ReturnType<typeof createFakeFetch>) {
  vi.stubGlobal('fetch', fake.fetch)
  const router = createMemoryRouter(
    [
      { path: '/find', element: <Page /> },
      { path: '/security/:id', element: <p>security page</p> },
    ],
    { initialEntries: [path] },
  )
  // A store over the app's own client (over the stubbed fetch), as BondsApp provides one.
  render(
    <BondsProvider env="test">
      <StoreProvider api={api}>
        <RouterProvider router={router} />
      </StoreProvider>
    </BondsProvider>,
  )
  return router
}

describe('/find', () => {
  it('searches, screens from the URL, links each row and opens the bond picked', async () => {
    const fake = createFakeFetch()
      .on('POST', 'api/categories/', {
        body: { bondCategory: [{ value: 'Government', count: 1 }] },
      })
      .on('POST', 'api/client-finstrument-list/', {
        body: { results: [gs2032], next_cursor: null },
      })
      .on('GET', 'api/trade/finstrument/', { body: [gs2032] })
    const router = renderFind('/find?creditRating=SOV&sort=yield&order=desc', fake)
    expect(screen.getByRole('heading', { level: 1, name: 'Find a bond' })).toBeVisible()

    const table = screen.getByRole('table', { name: 'Bonds' })
    expect(await within(table).findByRole('link', { name: '6.54% GS 2032' })).toHaveAttribute(
      'href',
      '/security/IN0020210244',
    )
    expect(fake.callsTo('POST', 'api/client-finstrument-list/')[0]?.body).toMatchObject({
      category_values: { creditRating: ['SOV'] },
      sort: { field: 'yield', direction: 'desc' },
    })

    const search = screen.getByRole('combobox', { name: 'Search bonds' })
    await userEvent.click(search)
    expect(await screen.findByText(MESSAGES.startTyping)).toBeVisible()
    await userEvent.type(search, '6.54 2032')
    await screen.findByRole('option', { name: /6\.54% GS 2032/ })
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('security page')).toBeVisible()
    expect(router.state.location.pathname).toBe('/security/IN0020210244')
  })
})
