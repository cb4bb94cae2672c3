import { MESSAGES, type FinstrumentSummary } from '@bonds/domain'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bondSummary, corporateBonds, SEARCH_RESULTS } from '../testing/finstruments.ts'
import { renderWithProviders } from '../testing/render.tsx'
import { BondSearch, SEARCH_ROW_HEIGHT_PX, type BondSearchProps } from './bond-search.tsx'

const TODAY = '2026-11-23'
const PATH = 'api/trade/finstrument/'

function setup(props: Partial<BondSearchProps> = {}) {
  const onSelect = vi.fn<(bond: FinstrumentSummary) => void>()
  const view = renderWithProviders(<BondSearch onSelect={onSelect} today={TODAY} {...props} />)
  const input = screen.getByRole('combobox', { name: 'Search bonds' })
  return { ...view, onSelect, input }
}

const listbox = () => screen.findByRole('listbox', { name: 'Bonds' })

afterEach(() => {
  vi.useRealTimers()
})

describe('BondSearch', () => {
  it('shows the spec placeholder, and "Start typing to search..." under 3 characters (spaces aside)', async () => {
    const { input, fake } = setup()
    expect(input).toHaveAttribute('placeholder', MESSAGES.bondSearchPlaceholder)
    await userEvent.type(input, ' 6. ')
    expect(await screen.findByText(MESSAGES.startTyping)).toBeVisible()
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(fake.calls).toHaveLength(0)
  })

  it('searches 300 ms after the last keystroke, once, with the whole query', async () => {
    const { input, fake } = setup()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fake.on('GET', PATH, { body: SEARCH_RESULTS })
    fireEvent.change(input, { target: { value: '6.5' } })
    await act(() => vi.advanceTimersByTimeAsync(200))
    fireEvent.change(input, { target: { value: '6.54 2032' } })
    await act(() => vi.advanceTimersByTimeAsync(299))
    expect(fake.calls).toHaveLength(0)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(fake.calls).toHaveLength(1)
    expect(fake.calls[0]?.query.get('searchKey')).toBe('6.54 2032')
    vi.useRealTimers()
    expect(await screen.findByRole('option', { name: /6\.54% GS 2032 IN0020210244/ })).toBeVisible()
  })

  it('aborts the request in flight when the query changes, and shows only the newer answer', async () => {
    const { input, fake } = setup()
    const stale = bondSummary({ id: 'INSTALE00001', display_name: 'Stale answer' })
    let release: (() => void) | undefined
    fake.on(
      'GET',
      PATH,
      (call) =>
        new Promise<Response>((resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(call.signal?.reason))
          release = () => resolve(Response.json([stale]))
        }),
      { body: [bondSummary()] },
    )
    await userEvent.type(input, 'gs 2')
    await waitFor(() => expect(fake.calls).toHaveLength(1))
    await userEvent.type(input, '032')
    await waitFor(() => expect(fake.calls).toHaveLength(2))
    expect(fake.calls[0]?.signal?.aborted).toBe(true)
    release?.()
    expect(await screen.findByRole('option', { name: /6\.54% GS 2032/ })).toBeVisible()
    expect(screen.queryByText('Stale answer')).not.toBeInTheDocument()
    expect(fake.calls[1]?.query.get('searchKey')).toBe('gs 2032')
  })

  it('keeps the previous options while the next answer loads', async () => {
    const { input, fake } = setup()
    const later = bondSummary({ id: 'IN0020230085', display_name: '7.18% GS 2033' })
    let release: (() => void) | undefined
    fake.on(
      'GET',
      PATH,
      { body: [bondSummary()] },
      () => new Promise<Response>((resolve) => (release = () => resolve(Response.json([later])))),
    )
    await userEvent.type(input, 'gs 20')
    expect(await screen.findByRole('option', { name: /6\.54% GS 2032/ })).toBeVisible()
    await userEvent.type(input, '33')
    await waitFor(() => expect(fake.calls).toHaveLength(2))
    expect(screen.getByRole('option', { name: /6\.54% GS 2032/ })).toBeVisible()
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument()
    release?.()
    expect(await screen.findByRole('option', { name: /7\.18% GS 2033/ })).toBeVisible()
    expect(screen.queryByRole('option', { name: /6\.54% GS 2032/ })).not.toBeInTheDocument()
  })

  it('asks a query again after its request was aborted, and answers a repeated one from the cache', async () => {
    const { input, fake } = setup()
    fake.on(
      'GET',
      PATH,
      (call) =>
        new Promise<Response>((_resolve, reject) =>
          call.signal?.addEventListener('abort', () => reject(call.signal?.reason)),
        ),
      { body: [bondSummary()] },
      { body: SEARCH_RESULTS },
    )
    await userEvent.type(input, 'gs 2')
    await waitFor(() => expect(fake.calls).toHaveLength(1))
    await userEvent.type(input, '0{Backspace}')
    expect(fake.calls[0]?.signal?.aborted).toBe(true)
    expect(await screen.findByRole('option', { name: /6\.54% GS 2032/ })).toBeVisible()
    expect(fake.calls.map((c) => c.query.get('searchKey'))).toEqual(['gs 2', 'gs 2'])
    await userEvent.type(input, '032')
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3))
    await userEvent.type(input, '{Backspace}{Backspace}{Backspace}')
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1))
    expect(fake.calls).toHaveLength(3)
  })

  it('says "No bonds found" when nothing matches', async () => {
    const { input, fake } = setup()
    fake.on('GET', PATH, { body: [] })
    await userEvent.type(input, 'zzqx')
    // The empty text is beside the listbox (a listbox holds options only), with none shown.
    await waitFor(() => expect(screen.getAllByText(MESSAGES.noBondsFound)).toHaveLength(2))
    const shown = screen
      .getAllByText(MESSAGES.noBondsFound)
      .find((element) => !element.closest('[role="status"]'))
    expect(shown).toBeVisible()
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.noBondsFound)
  })

  it('ignores bonds with available false', async () => {
    const { input, fake } = setup()
    fake.on('GET', PATH, {
      body: [
        bondSummary(),
        bondSummary({ id: 'IN0000000001', display_name: 'Gone', available: false }),
      ],
    })
    await userEvent.type(input, 'gs 2032')
    expect(await screen.findAllByRole('option')).toHaveLength(1)
    expect(screen.queryByText('Gone')).not.toBeInTheDocument()
  })

  it('shows matured, unlisted and ISIN-check-disabled bonds with their suffix, not selectable', async () => {
    const { input, fake, onSelect } = setup({
      isDisabled: (isin) => (isin === 'IN0020210244' ? 'In your list' : false),
    })
    fake.on('GET', PATH, { body: SEARCH_RESULTS })
    await userEvent.type(input, '6.54')
    const options = await screen.findAllByRole('option')
    expect(options).toHaveLength(3)
    const [listed, matured, unlisted] = options as [HTMLElement, HTMLElement, HTMLElement]
    expect(listed).toHaveTextContent('In your list')
    expect(matured).toHaveTextContent('Matured')
    expect(unlisted).toHaveTextContent('Unlisted')
    for (const option of options) expect(option).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(matured)
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('marks matured bonds "Matured" in the order the server ranked them, old loans known by their year too', async () => {
    const { input, fake, onSelect } = setup()
    const live = corporateBonds(2)
    const matured = bondSummary({
      id: 'IN0020039031',
      display_name: '5.87% GS 2022',
      identifiers: { isin: 'IN0020039031' },
      contract_parameters: { is_listed: true, maturity_date: null },
      is_matured: true,
      can_be_priced: false,
    })
    const stub = bondSummary({
      id: 'IN0020120062',
      display_name: 'GOI GOI 8.30',
      identifiers: { isin: 'IN0020120062' },
      contract_parameters: { is_listed: true, maturity_date: null },
      coupon_rate: null,
      can_be_priced: false,
    })
    fake.on('GET', PATH, { body: [...live, matured, stub] })
    await userEvent.type(input, 'IN0020')
    const options = await within(await listbox()).findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining(live[0]!.display_name),
      expect.stringContaining(live[1]!.display_name),
      expect.stringContaining('5.87% GS 2022'),
      expect.stringContaining('GOI GOI 8.30'),
    ])
    expect(options[2]).toHaveTextContent(/Matured$/)
    expect(options[2]).toHaveAttribute('aria-disabled', 'true')
    for (const i of [0, 1, 3]) {
      expect(options[i]).not.toHaveTextContent('Matured')
      expect(options[i]).not.toHaveAttribute('aria-disabled')
    }
    await userEvent.click(options[2]!)
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('shows a bond a line, so six or more fit in the 180px dropdown', async () => {
    const { input, fake } = setup()
    fake.on('GET', PATH, { body: corporateBonds(20) })
    await userEvent.type(input, 'example')
    expect(await within(await listbox()).findAllByRole('option')).toHaveLength(20)
    expect(await listbox()).toHaveStyle({
      maxHeight: '180px',
      '--bond-row-height': `${SEARCH_ROW_HEIGHT_PX}px`,
    })
    expect(Math.floor(180 / SEARCH_ROW_HEIGHT_PX)).toBeGreaterThanOrEqual(6)
  })

  it('labels a disabled bond "Not available" when the check gives no label', async () => {
    const { input, fake } = setup({ isDisabled: () => true })
    fake.on('GET', PATH, { body: [bondSummary()] })
    await userEvent.type(input, 'gs 2032')
    expect(await screen.findByRole('option')).toHaveTextContent('Not available')
  })

  it('moves with the arrows, picks with Enter and closes with Escape', async () => {
    const { input, fake, onSelect } = setup()
    const second = bondSummary({ id: 'IN0020230085', display_name: '7.18% GS 2033' })
    fake.on('GET', PATH, { body: [bondSummary(), second] })
    await userEvent.type(input, 'gs 20')
    await screen.findAllByRole('option')
    await waitFor(() =>
      expect(screen.getAllByRole('option')[0]).toHaveAttribute('data-combobox-selected'),
    )
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('data-combobox-selected')
    await userEvent.keyboard('{Escape}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    await userEvent.keyboard('{ArrowDown}')
    expect(input).toHaveAttribute('aria-expanded', 'true')
    // Reopened, the best match is highlighted again; ArrowUp wraps round to the last bond.
    await waitFor(() =>
      expect(screen.getAllByRole('option')[0]).toHaveAttribute('data-combobox-selected'),
    )
    await userEvent.keyboard('{ArrowUp}{Enter}')
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(onSelect).toHaveBeenCalledWith(second)
    expect(input).toHaveValue('7.18% GS 2033')
    expect(input).toHaveAttribute('aria-expanded', 'false')
  })

  it('Enter picks the best match straight after typing', async () => {
    const { input, fake, onSelect } = setup()
    fake.on('GET', PATH, { body: SEARCH_RESULTS })
    await userEvent.type(input, '6.54 2032')
    await screen.findAllByRole('option')
    await waitFor(() =>
      expect(screen.getAllByRole('option')[0]).toHaveAttribute('data-combobox-selected'),
    )
    await userEvent.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledWith(SEARCH_RESULTS[0])
  })

  it('on a failed search shows the error toast and empties the options', async () => {
    const { input, fake, notify } = setup()
    fake.on(
      'GET',
      PATH,
      { body: [bondSummary()] },
      { status: 500, body: {} },
      { status: 500, body: {} },
    )
    await userEvent.type(input, 'gs 2032')
    expect(await screen.findByRole('option')).toBeVisible()
    await userEvent.type(input, '!')
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({ severity: 'error', detail: MESSAGES.genericError }),
      ),
    )
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0))
    expect(screen.queryByText(MESSAGES.noBondsFound)).not.toBeInTheDocument()
  })

  it('shows no options from before a failure while the next answer loads', async () => {
    const { input, fake } = setup()
    fake.on(
      'GET',
      PATH,
      { body: [bondSummary()] },
      { status: 500, body: {} },
      { status: 500, body: {} },
      () => new Promise<Response>(() => {}),
    )
    await userEvent.type(input, 'gs 2032')
    expect(await screen.findByRole('option')).toBeVisible()
    await userEvent.type(input, '!')
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0))
    await userEvent.type(input, '{Backspace}{Backspace}')
    expect(await screen.findByText('Searching…')).toBeVisible()
    expect(screen.queryAllByRole('option')).toHaveLength(0)
  })

  it('takes focus from its hotkey', async () => {
    const { input } = setup({ hotkey: '/' })
    expect(input).not.toHaveFocus()
    await userEvent.keyboard('/')
    expect(input).toHaveFocus()
    expect(input).toHaveValue('')
    // Focus alone opens nothing (the page autofocuses it); a click or a key does.
    expect(input).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(input)
    expect(await screen.findByText(MESSAGES.startTyping)).toBeVisible()
  })

  it('limits the dropdown to 180px', async () => {
    const { input, fake } = setup()
    fake.on('GET', PATH, { body: corporateBonds(3) })
    await userEvent.type(input, 'example')
    expect(await listbox()).toHaveStyle({ maxHeight: '180px' })
  })
})
