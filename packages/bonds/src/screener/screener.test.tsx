import { createFakeFetch, type FakeCall, type FakeFetch } from '@bonds/api-client/testing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { bondSummary, corporateBonds } from '../testing/finstruments.ts'
import { renderWithProviders } from '../testing/render.tsx'
import type { CategoryCounts, ScreenRequest } from '../api/screen.ts'
import { Screener } from './screener.tsx'

const LIST = 'api/client-finstrument-list/'
const CATEGORIES = 'api/categories/'

const COUNTS: CategoryCounts = {
  bondCategory: [
    { value: 'Corporate', count: 30 },
    { value: 'PSU', count: 10 },
  ],
  securityType: [{ value: 'CORPORATE', count: 30 }],
  creditRating: [
    { value: 'CRISIL AAA', count: 25 },
    { value: 'ICRA AA+', count: 15 },
  ],
  timeToMaturity: [
    { value: 'Over 10 years', count: 5 },
    { value: '1 to 3 years', count: 35 },
  ],
  bondSecurity: [{ value: 'Secured', count: 12 }],
}

/** Answer every categories call with COUNTS, and list calls from `pages` by cursor. */
function serve(fake: FakeFetch, pages: Pages) {
  const json = (body: unknown) => () => Response.json(body)
  fake.on('POST', CATEGORIES, ...Array.from({ length: 30 }, () => json(COUNTS)))
  fake.on(
    'POST',
    LIST,
    ...Array.from({ length: 30 }, () => (call: FakeCall) => {
      const cursor = (call.body as ScreenRequest).pagination_params.cursor ?? 'first'
      const page = pages[cursor]
      return page ? Response.json(page) : new Response(null, { status: 500 })
    }),
  )
}

type Pages = Record<string, { results: unknown[]; next_cursor: string | null }>

function setup(
  path = '/find',
  pages: Pages = { first: { results: corporateBonds(3), next_cursor: null } },
) {
  const fake = createFakeFetch()
  serve(fake, pages)
  return renderWithProviders(<Screener />, { path, fake })
}

const lastList = (fake: FakeFetch) => fake.callsTo('POST', LIST).at(-1)?.body as ScreenRequest
const table = () => screen.getByRole('table', { name: 'Bonds' })
/** The tests' window is a phone's (matchMedia matches nothing), where the filters start folded. */
const showFilters = () => userEvent.click(screen.getByRole('button', { name: 'Show filters' }))

// Each test renders the whole screener (six filters, the table) several times over.
describe('Screener', () => {
  it('reads the screen from the URL and asks for it: values, filters, sort, type Bond, 20 a page', async () => {
    const view = setup(
      '/find?creditRating=CRISIL+AAA&timeToMaturity=1+to+3+years&timeToMaturity.lt=5&sort=yield&order=desc',
    )
    expect(await within(table()).findByRole('link', { name: /Series 0/ })).toHaveAttribute(
      'href',
      '/security/INE00000007X',
    )
    expect(lastList(view.fake)).toEqual({
      pagination_params: { cursor: null, limit: 20 },
      category_values: { creditRating: ['CRISIL AAA'], timeToMaturity: ['1 to 3 years'] },
      instrument_type: 'Bond',
      filters: [{ category: 'timeToMaturity', operator: 'lt', value: 5 }],
      sort: { field: 'yield', direction: 'desc' },
    })
    expect(view.fake.callsTo('POST', CATEGORIES)[0]?.body).toMatchObject({
      category_values: { creditRating: ['CRISIL AAA'], timeToMaturity: ['1 to 3 years'] },
      filters: [{ category: 'timeToMaturity', operator: 'lt', value: 5 }],
    })
    expect(screen.getByRole('columnheader', { name: /Yield/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    await showFilters()
    expect(screen.getByRole('listitem')).toHaveTextContent('Years to maturity less than 5 years')
  })

  it('shows skeletons while the first page loads, then the rows with yield and maturity', async () => {
    setup()
    expect(table()).toHaveAttribute('aria-busy', 'true')
    const row = (await within(table()).findByRole('link', { name: /Series 1/ })).closest('tr')
    expect(row).not.toBeNull()
    expect(row).toHaveTextContent('7.05%')
    expect(row).toHaveTextContent('30-Jun-2028')
    expect(row).toHaveTextContent('7.4000%')
    expect(table()).not.toHaveAttribute('aria-busy')
    expect(await screen.findByText('40 bonds match')).toBeVisible()
  })

  it('sorts from the column headers, and the sort goes into the URL', async () => {
    const view = setup()
    await within(table()).findByRole('link', { name: /Series 0/ })
    await userEvent.click(screen.getByRole('button', { name: 'Coupon' }))
    await waitFor(() => expect(view.location()).toBe('/find?sort=coupon&order=desc'))
    await waitFor(() =>
      expect(lastList(view.fake).sort).toEqual({ field: 'coupon', direction: 'desc' }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Coupon' }))
    await waitFor(() => expect(view.location()).toBe('/find?sort=coupon&order=asc'))
    await userEvent.click(screen.getByRole('button', { name: 'Maturity' }))
    await waitFor(() => expect(view.location()).toBe('/find'))
  })

  it('adds and removes a condition, through the URL', async () => {
    const view = setup()
    await within(table()).findByRole('link', { name: /Series 0/ })
    await showFilters()
    // The form starts on credit rating, greater or equal, AA.
    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }))
    await waitFor(() => expect(view.location()).toBe('/find?creditRating.gte=AA'))
    await waitFor(() =>
      expect(lastList(view.fake).filters).toEqual([
        { category: 'creditRating', operator: 'gte', value: 'AA' },
      ]),
    )
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove Credit rating greater or equal AA' }),
    )
    await waitFor(() => expect(view.location()).toBe('/find'))
  })

  it('refuses a condition without its value, saying why', async () => {
    const view = setup()
    await within(table()).findByRole('link', { name: /Series 0/ })
    await showFilters()
    await userEvent.click(screen.getByRole('combobox', { name: 'Condition on' }))
    await userEvent.click(screen.getByRole('option', { name: 'Years to maturity' }))
    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }))
    expect(await screen.findByText('Enter years from 0 to 100')).toBeVisible()
    expect(view.location()).toBe('/find')
  })

  it('chooses category values with their counts', async () => {
    const view = setup()
    await within(table()).findByRole('link', { name: /Series 0/ })
    await showFilters()
    await userEvent.click(screen.getByRole('combobox', { name: 'Credit rating' }))
    await userEvent.click(await screen.findByRole('option', { name: 'ICRA AA+ (15)' }))
    await waitFor(() => expect(view.location()).toBe('/find?creditRating=ICRA+AA%2B'))
    await waitFor(() =>
      expect(lastList(view.fake).category_values).toEqual({ creditRating: ['ICRA AA+'] }),
    )
  })

  it('keeps folded filters out of the page until first shown, then keeps them', async () => {
    setup()
    await within(table()).findByRole('link', { name: /Series 0/ })
    expect(screen.queryByRole('combobox', { name: 'Credit rating' })).toBeNull()
    await showFilters()
    expect(screen.getByRole('combobox', { name: 'Credit rating' })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Hide filters' }))
    expect(screen.getByRole('button', { name: 'Show filters' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    expect(
      screen.getByRole('combobox', { name: 'Credit rating', hidden: true }),
    ).toBeInTheDocument()
  })

  it('sorts from the Sort by list too', async () => {
    const view = setup()
    await within(table()).findByRole('link', { name: /Series 0/ })
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Coupon, highest first',
    )
    await waitFor(() => expect(view.location()).toBe('/find?sort=coupon&order=desc'))
  })

  it('pages on with the cursor as the end comes into view, 20 at a time', async () => {
    const view = setup('/find', {
      first: { results: corporateBonds(20), next_cursor: 'c2' },
      c2: { results: corporateBonds(20, 20), next_cursor: null },
    })
    expect(await screen.findByText('All 40 bonds shown')).toBeVisible()
    const calls = view.fake.callsTo('POST', LIST)
    expect(calls.map((c) => (c.body as ScreenRequest).pagination_params)).toEqual([
      { cursor: null, limit: 20 },
      { cursor: 'c2', limit: 20 },
    ])
    expect(table()).toHaveAttribute('aria-rowcount', '41')
  })

  it('says when the next page fails, and tries it again', async () => {
    const fake = createFakeFetch()
      .on('POST', CATEGORIES, { body: COUNTS })
      .on(
        'POST',
        LIST,
        { body: { results: corporateBonds(20), next_cursor: 'c2' } },
        { status: 503, body: {} },
        { body: { results: corporateBonds(5, 20), next_cursor: null } },
      )
    renderWithProviders(<Screener />, { fake })
    expect(await screen.findByText('More bonds could not be loaded.')).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('All 25 bonds shown')).toBeVisible()
    expect(
      fake.callsTo('POST', LIST).map((c) => (c.body as ScreenRequest).pagination_params.cursor),
    ).toEqual([null, 'c2', 'c2'])
  })

  it('shows a screen seen before from the cache, without asking again', async () => {
    const bySort = (call: FakeCall) => {
      const { sort } = call.body as ScreenRequest
      const from = sort.field === 'coupon' ? 10 : 0
      return Response.json({ results: corporateBonds(3, from), next_cursor: null })
    }
    const fake = createFakeFetch()
      .on('POST', CATEGORIES, { body: COUNTS })
      .on('POST', LIST, bySort, bySort, bySort)
    const view = renderWithProviders(<Screener />, { fake })
    await within(table()).findByRole('link', { name: /Series 0$/ })
    await userEvent.click(screen.getByRole('button', { name: 'Coupon' }))
    await within(table()).findByRole('link', { name: /Series 10$/ })
    await userEvent.click(screen.getByRole('button', { name: 'Maturity' }))
    await waitFor(() => expect(view.location()).toBe('/find'))
    await within(table()).findByRole('link', { name: /Series 0$/ })
    await new Promise((settle) => setTimeout(settle, 100))
    expect(fake.callsTo('POST', LIST)).toHaveLength(2)
    expect(fake.callsTo('POST', CATEGORIES)).toHaveLength(1)
  })

  it('says when nothing matches, and clears the filters from there', async () => {
    const view = setup('/find?bondSecurity=Unsecured', {
      first: { results: [], next_cursor: null },
    })
    expect(await screen.findByText('No bonds match these filters.')).toBeVisible()
    const clear = screen.getAllByRole('button', { name: 'Clear all filters' })
    expect(clear).toHaveLength(2)
    await userEvent.click(clear[1] as HTMLElement)
    await waitFor(() => expect(view.location()).toBe('/find'))
  })

  it('shows an error with a retry when the list fails', async () => {
    const fake = createFakeFetch()
      .on('POST', CATEGORIES, { body: COUNTS }, { body: COUNTS })
      .on(
        'POST',
        LIST,
        { status: 503, body: {} },
        { body: { results: [bondSummary()], next_cursor: null } },
      )
    const view = renderWithProviders(<Screener />, { fake })
    expect(await screen.findByText('The bonds could not be loaded')).toBeVisible()
    // No count beside the failed list, even once the counts have come.
    await waitFor(() => expect(fake.callsTo('POST', CATEGORIES)).toHaveLength(1))
    expect(screen.queryByText(/bonds? match/)).toBeNull()
    expect(view.notify).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    const retried = await screen.findByRole('table', { name: 'Bonds' })
    expect(await within(retried).findByRole('link', { name: '6.54% GS 2032' })).toBeVisible()
    expect(await screen.findByText(/bonds? match/)).toBeVisible()
  })
})
