import { createFakeFetch, type FakeFetch } from '@bonds/api-client/testing'
import { priceFromYield, roundDecimal } from '@bonds/pricing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { SecurityDataAccess } from './access.ts'
import { SecurityPage } from './security-page.tsx'
import { termsOf } from './terms.ts'
import {
  bondInfo,
  cashflowAnswer,
  LIVE_OFFER,
  NO_MARKET_QUOTE,
  OTHER_GSECS,
  RATIONALES,
  tradePage,
  trades,
} from './testing/fixtures.ts'
import { renderSecurity } from './testing/render.tsx'

const ID = 'IN0020210244'
const INFO = `api/v2/finstrument/info/${ID}`
const SAME = `api/bonds-by-same-issuer/${ID}/`
const MARKET = `api/quote/market/${ID}/`
/** A Friday: T+1 is Monday 24-Nov-2025, T+2 Tuesday 25-Nov-2025. */
const TODAY = '2025-11-21'

function renderPage(access: SecurityDataAccess, script: (fake: FakeFetch) => void, id = ID) {
  const fake = createFakeFetch()
  script(fake)
  const path = `/security/${id}`
  const view = renderSecurity(<SecurityPage id={id} access={access} path={path} today={TODAY} />, {
    fake,
    path,
  })
  return { ...view, user: userEvent.setup() }
}

const answers = (body: object, times = 6) => Array.from({ length: times }, () => ({ body }))

const publicAnswers = (fake: FakeFetch, market: object = NO_MARKET_QUOTE) =>
  fake
    .on('GET', INFO, { body: bondInfo() })
    .on('POST', SAME, { body: { results: OTHER_GSECS, next_cursor: null } })
    .on('POST', MARKET, ...answers(market))

describe('SecurityPage', () => {
  it('shows the 404 screen with the path for an unknown id', async () => {
    renderPage(
      'signed-out',
      (fake) =>
        fake.on('GET', 'api/v2/finstrument/info/XX0000000000', {
          status: 404,
          body: { statusCode: 404, error: 'Not Found', message: 'Bond not found' },
        }),
      'XX0000000000',
    )
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
    expect(screen.getByText('/security/XX0000000000')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Not Found · Bonds Workspace'))
  })

  it('shows a skeleton while the bond loads, then its name', async () => {
    renderPage('signed-out', publicAnswers)
    expect(screen.getByRole('status', { name: 'Loading the bond' })).toBeInTheDocument()
    expect(document.title).toBe('IN0020210244 · Bonds Workspace')
    expect(
      await screen.findByRole('heading', { level: 1, name: '6.54% GS 2032' }),
    ).toBeInTheDocument()
    await waitFor(() =>
      expect(document.title).toBe('6.54% GS 2032 (IN0020210244) · Bonds Workspace'),
    )
  })

  it('shows a visitor the public sections and says what signing in unlocks', async () => {
    const { fake } = renderPage('signed-out', publicAnswers)
    await screen.findByRole('heading', { level: 1 })
    for (const name of ['Terms', 'Price and yield', 'Downloads', 'Cash flows']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument()
    }
    const history = screen.getByRole('region', { name: 'Trade history' })
    expect(history).toHaveTextContent('Sign in to see the trades of this bond the platform knows')
    expect(within(history).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/auth/login?redirect=%2Fsecurity%2F${ID}`,
    )
    expect(screen.getByRole('region', { name: 'Credit rationale' })).toHaveTextContent(
      'Sign in to see the rating agencies’ rationale',
    )
    expect(await screen.findByRole('link', { name: '7.18% GS 2033' })).toBeInTheDocument()
    expect(fake.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(
      [`GET ${INFO}`, `POST ${MARKET}`, `POST ${SAME}`].sort(),
    )
    expect(screen.getByRole('region', { name: 'Price and yield' })).toHaveTextContent(
      'No live offer, trade or disclosed yield for this bond yet.',
    )
  })

  it('marks the report-issue areas and gives the app’s report button what the user entered', async () => {
    const fake = createFakeFetch()
    publicAnswers(fake)
    const seen: Record<string, unknown>[] = []
    const path = `/security/${ID}`
    renderSecurity(
      <SecurityPage
        id={ID}
        access="signed-out"
        path={path}
        today={TODAY}
        reportIssue={(details) => {
          seen.push(details)
          return <button type="button">Report issue</button>
        }}
      />,
      { fake, path },
    )
    const button = await screen.findByRole('button', { name: 'Report issue' })
    const calculator = screen.getByRole('region', { name: 'Price and yield' })
    expect(calculator).toContainElement(button)
    expect(button.closest('[data-support-ignore]')).not.toBeNull()
    expect(calculator.closest('[data-support-capture="calculator"]')).not.toBeNull()
    expect(
      screen
        .getByRole('region', { name: 'Cash flows' })
        .closest('[data-support-capture="cashflows"]'),
    ).not.toBeNull()
    expect(seen.at(-1)).toMatchObject({ isin: ID, fixed_field: 'yield', quantity: null })
  })

  it('starts the calculator from the market’s level, and takes it again on request', async () => {
    const { user, fake } = renderPage('granted', (f) =>
      publicAnswers(f, LIVE_OFFER)
        .on('POST', `api/trades/${ID}/`, { body: tradePage([]) })
        .on('GET', `api/credit-rationale/${ID}/`, { body: { results: [] } }),
    )
    const calculator = await screen.findByRole('region', { name: 'Price and yield' })
    const level = await within(calculator).findByRole('group', { name: 'Market level' })
    expect(level).toHaveTextContent(
      'Best offer (live quote): 7.1200% · price 97.9531 · ₹5 cr · settles 24-Nov-2025',
    )
    const field = within(calculator).getByRole('textbox', { name: 'Yield (%)' })
    await waitFor(() => expect(field).toHaveValue('7.1200'))
    expect(fake.callsTo('POST', MARKET)[0]?.body).toEqual({
      infer_from_market: true,
      quote_type: 'ASK',
      settlement_date: '2025-11-24',
    })

    await user.clear(field)
    await user.type(field, '6.9')
    expect(field).toHaveValue('6.9')
    await user.click(within(level).getByRole('button', { name: 'Use this level' }))
    await waitFor(() => expect(field).toHaveValue('7.1200'))
  })

  it('says nothing when the market lookup fails', async () => {
    const { notify } = renderPage('signed-out', (f) =>
      f
        .on('GET', INFO, { body: bondInfo() })
        .on('POST', SAME, { body: { results: OTHER_GSECS, next_cursor: null } })
        .on('POST', MARKET, { status: 500, body: { statusCode: 500, message: 'x' } }),
    )
    const calculator = await screen.findByRole('region', { name: 'Price and yield' })
    await screen.findByRole('link', { name: '7.18% GS 2033' })
    expect(within(calculator).queryByRole('group', { name: 'Market level' })).toBeNull()
    expect(calculator).not.toHaveTextContent(/offer|disclosed/i)
    expect(within(calculator).getByRole('textbox', { name: 'Yield (%)' })).toHaveValue('')
    expect(notify).not.toHaveBeenCalled()
  })

  it('loads trades and rationale for a user with security-data access', async () => {
    renderPage('granted', (fake) =>
      publicAnswers(fake)
        .on('POST', `api/trades/${ID}/`, { body: tradePage(trades(2)) })
        .on('GET', `api/credit-rationale/${ID}/`, { body: { results: RATIONALES } }),
    )
    expect(await screen.findByRole('table', { name: /2 trades/ })).toBeInTheDocument()
    expect(await screen.findAllByRole('article')).toHaveLength(2)
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  })

  it('prices from a yield, switches the fixed field and moves the settlement', async () => {
    const { user } = renderPage('signed-out', publicAnswers)
    const calculator = await screen.findByRole('region', { name: 'Price and yield' })
    expect(calculator).toHaveTextContent('Settles 24-Nov-2025 (T+1)')
    await user.type(within(calculator).getByRole('textbox', { name: 'Yield (%)' }), '6.68')
    const terms = termsOf(bondInfo())!
    const expected = roundDecimal(priceFromYield(terms, '2025-11-24', 0.0668).cleanPrice, 4)
    expect(within(calculator).getByRole('status', { name: 'Price' })).toHaveTextContent(expected)

    await user.click(within(calculator).getByRole('radio', { name: 'T+2' }))
    expect(calculator).toHaveTextContent('Settles 25-Nov-2025 (T+2)')
    const later = roundDecimal(priceFromYield(terms, '2025-11-25', 0.0668).cleanPrice, 4)
    expect(within(calculator).getByRole('status', { name: 'Price' })).toHaveTextContent(later)

    await user.click(within(calculator).getByRole('radio', { name: 'Price' }))
    expect(within(calculator).getByRole('textbox', { name: 'Price (per ₹100)' })).toHaveValue(later)
    expect(within(calculator).getByRole('status', { name: 'Yield' })).toHaveTextContent('6.6800%')

    await user.click(within(calculator).getByRole('radio', { name: 'Date' }))
    const date = within(calculator).getByLabelText('Settlement date')
    await user.clear(date)
    await user.type(date, '2026-01-05')
    expect(calculator).toHaveTextContent('Settles 05-Jan-2026 (chosen date)')
  })

  it('gives cash flows for a quantity from the settlement, and the PDFs carry both', async () => {
    const { user, fake } = renderPage('signed-out', (f) =>
      publicAnswers(f)
        .on('POST', `api/cashflow/${ID}/`, { body: cashflowAnswer(500) })
        .on('POST', `api/bond-details/${ID}/download/`, {
          status: 500,
          body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
        }),
    )
    const cashflows = await screen.findByRole('region', { name: 'Cash flows' })
    await user.type(within(cashflows).getByRole('textbox', { name: /Quantity/ }), '500{Enter}')
    expect(
      await within(cashflows).findByRole('table', { name: /Cash flows for 500 units/ }),
    ).toBeInTheDocument()
    expect(fake.callsTo('POST', `api/cashflow/${ID}/`)[0]?.body).toEqual({
      quantity: 500,
      ref_date: '2025-11-24',
    })
    await user.type(screen.getByRole('textbox', { name: 'Yield (%)' }), '6.68')
    await user.click(screen.getByRole('button', { name: 'Bond details (PDF)' }))
    expect(
      await screen.findByText('The bond details could not be downloaded. Try again.'),
    ).toBeInTheDocument()
    expect(fake.callsTo('POST', `api/bond-details/${ID}/download/`)[0]?.body).toEqual({
      bond_yield: 0.0668,
      settlement_delta: 1,
      quantity: 500,
    })
  })

  it('offers a retry when the bond cannot be loaded', async () => {
    const { user } = renderPage('signed-out', (fake) =>
      fake
        .on('GET', INFO, 'network-error', { body: bondInfo() })
        .on('POST', SAME, { body: { results: [], next_cursor: null } }),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The bond could not be loaded.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: '6.54% GS 2032' }),
    ).toBeInTheDocument()
  })
})
