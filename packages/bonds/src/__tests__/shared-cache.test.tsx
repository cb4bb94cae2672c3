// Search, screener and the security page share one cache: a bond opened from a list shows what
// the list knew at once, and its own record fills in the rest when it answers.
import { createFakeFetch, type FakeFetch } from '@bonds/api-client/testing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useNavigate, useParams } from 'react-router'
import { describe, expect, it } from 'vitest'
import { securityHref, Screener } from '../screener/screener.tsx'
import { BondSearch } from '../search/bond-search.tsx'
import { SecurityPage } from '../security/security-page.tsx'
import { bondInfo, corporateInfo, OTHER_GSECS } from '../security/testing/fixtures.ts'
import { corporateBonds } from '../testing/finstruments.ts'
import { renderWithProviders } from '../testing/render.tsx'

const TODAY = '2025-11-21'

function Find() {
  const navigate = useNavigate()
  return (
    <>
      <BondSearch onSelect={(bond) => void navigate(securityHref(bond))} today={TODAY} />
      <Screener />
    </>
  )
}

function Security() {
  const { id = '' } = useParams()
  return <SecurityPage id={id} access="signed-out" path={`/security/${id}`} today={TODAY} />
}

/** find's two pages on one store; the bond's own record answers when the test says. */
function renderFind(fake: FakeFetch) {
  let answer: (body: unknown) => void = () => {}
  fake.on(
    'GET',
    `api/v2/finstrument/info/${corporateBonds(1)[0]!.id}`,
    () => new Promise<Response>((resolve) => (answer = (body) => resolve(Response.json(body)))),
  )
  const view = renderWithProviders(
    <Routes>
      <Route path="/find" element={<Find />} />
      <Route path="/security/:id" element={<Security />} />
    </Routes>,
    { fake },
  )
  return { ...view, answer: (body: unknown) => answer(body) }
}

describe('one cache for search, screener and the security page', () => {
  it('opens a bond from the screener with its name, ISIN and issuer at once, then the rest', async () => {
    const [bond] = corporateBonds(1)
    const fake = createFakeFetch()
      .on('POST', 'api/categories/', { body: {} })
      .on('POST', 'api/client-finstrument-list/', { body: { results: [bond], next_cursor: null } })
      .on('POST', `api/bonds-by-same-issuer/${bond!.id}/`, {
        body: { results: [], next_cursor: null },
      })
      .on('POST', `api/quote/market/${bond!.id}/`, { status: 404, body: {} })
    const view = renderFind(fake)
    const table = await screen.findByRole('table', { name: 'Bonds' })
    await userEvent.click(await within(table).findByRole('link', { name: bond!.display_name }))

    expect(
      await screen.findByRole('heading', { level: 1, name: bond!.display_name }),
    ).toBeInTheDocument()
    expect(screen.getByText(bond!.identifiers.isin).parentElement).toHaveTextContent(
      `${bond!.identifiers.isin} · Example Finance Limited`,
    )
    expect(screen.getByRole('status', { name: 'Loading the bond’s details' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Terms' })).toBeNull()

    view.answer(corporateInfo({ ...bond!, face_value: 100_000 }))
    expect(await screen.findByRole('region', { name: 'Terms' })).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading the bond’s details' })).toBeNull()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  it('opens a bond picked in the search the same way', async () => {
    const [bond] = corporateBonds(1)
    const fake = createFakeFetch()
      .on('POST', 'api/categories/', { body: {} })
      .on('POST', 'api/client-finstrument-list/', { body: { results: [], next_cursor: null } })
      .on('GET', 'api/trade/finstrument/', { body: [bond] })
    renderFind(fake)
    await userEvent.type(screen.getByRole('combobox', { name: 'Search bonds' }), 'example')
    await userEvent.click(await screen.findByRole('option', { name: /Series 0/ }))
    expect(
      await screen.findByRole('heading', { level: 1, name: bond!.display_name }),
    ).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading the bond’s details' })).toBeInTheDocument()
  })

  it('knows nothing of a bond no list has shown: the page waits for its record', async () => {
    const fake = createFakeFetch()
      .on('POST', 'api/categories/', { body: {} })
      .on('POST', 'api/client-finstrument-list/', {
        body: { results: OTHER_GSECS, next_cursor: null },
      })
      .on('GET', `api/v2/finstrument/info/${bondInfo().id}`, () => new Promise<Response>(() => {}))
    renderWithProviders(
      <Routes>
        <Route path="/find" element={<Find />} />
        <Route path="/security/:id" element={<Security />} />
      </Routes>,
      { fake, path: `/security/${bondInfo().id}` },
    )
    await waitFor(() =>
      expect(fake.callsTo('GET', `api/v2/finstrument/info/${bondInfo().id}`)).toHaveLength(1),
    )
    expect(screen.getByRole('status', { name: 'Loading the bond' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
  })
})
