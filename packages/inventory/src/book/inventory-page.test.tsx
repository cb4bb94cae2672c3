import { renderWithStore } from '@bonds/ui-kit/testing'
import { createFakeFetch } from '@bonds/api-client/testing'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeBook, makePosition, POSITIONS } from '../testing/factory.ts'
import { InventoryPage } from './inventory-page.tsx'

const DEALER = { canEdit: true, canOffer: true }

const book = (body = makeBook()) => ({ body })

describe('InventoryPage', () => {
  it('shows the totals, each book with its total, and positions in lakh/crore with their value source', async () => {
    const fake = createFakeFetch().on('GET', 'api/inventory/', book())
    renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    expect(screen.getByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument()
    const grid = await screen.findByRole('table', { name: 'Positions' })
    const rows = within(grid).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('Trading · 2 positions')
    expect(rows[2]).toHaveTextContent('6.54% GS 2032')
    expect(rows[2]).toHaveTextContent('₹50 cr')
    expect(rows[2]).toHaveTextContent('₹49,35,18,067.89')
    expect(rows[2]).toHaveTextContent('Quote')
    expect(rows[4]).toHaveTextContent('Treasury · 1 position')
    expect(rows[5]).toHaveTextContent('(₹2 cr reserved)')
    const totals = screen.getByRole('group', { name: 'Totals' })
    expect(totals).toHaveTextContent('₹70 cr')
    const maturity = screen.getByRole('group', { name: 'Maturity profile' })
    expect(document.getElementById(maturity.getAttribute('aria-describedby')!)).toHaveTextContent(
      /^₹70 cr of face value in \d maturity buckets/,
    )
    expect(await within(maturity).findByTestId('maturity-plot')).toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Maturity profile (data)' })).toHaveTextContent('₹')
    expect(screen.getByRole('table', { name: 'Issuer concentration (data)' })).toHaveTextContent(
      'Government of India',
    )
  })

  it('shows the whole book however many pages the server answers it in', async () => {
    // 1,001 positions are three pages of 500: the page asks for each and shows every position.
    const whole = makeBook(POSITIONS)
    const pageOf = (positions: typeof POSITIONS, page: number) =>
      book({ ...whole, results: positions.slice(), count: 1_001, page })
    const fake = createFakeFetch().on(
      'GET',
      'api/inventory/',
      pageOf(POSITIONS.slice(0, 1), 1),
      pageOf(POSITIONS.slice(1, 2), 2),
      pageOf(POSITIONS.slice(2, 3), 3),
    )
    renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    const grid = await screen.findByRole('table', { name: 'Positions' })
    await waitFor(() => expect(within(grid).getByText(/Karnataka/)).toBeInTheDocument())
    expect(within(grid).getByText(/6.54% GS 2032/)).toBeInTheDocument()
    expect(fake.callsTo('GET', 'api/inventory/').map((c) => c.query.get('page'))).toEqual([
      '1',
      '2',
      '3',
    ])
  })

  it('sorts by a column header, both ways', async () => {
    const fake = createFakeFetch().on('GET', 'api/inventory/', book())
    renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    const grid = await screen.findByRole('table', { name: 'Positions' })
    const header = within(grid).getByRole('columnheader', { name: /Market value/ })
    await userEvent.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    expect(within(grid).getAllByRole('row')[2]).toHaveTextContent('Karnataka')
    await userEvent.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'descending')
    expect(within(grid).getAllByRole('row')[2]).toHaveTextContent('GS 2032')
  })

  it('patches the positions a quote moved without reading the book again, and flashes the cells that changed', async () => {
    const moved = makePosition({ market_clean_price: 98.6, market_value: 49_40_00_000 })
    const fake = createFakeFetch().on('GET', 'api/inventory/', book(), { body: makeBook([moved]) })
    const { sockets } = renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    await screen.findByRole('table', { name: 'Positions' })
    const totals = screen.getByRole('group', { name: 'Totals' })
    expect(totals).toHaveTextContent('₹69,87,18,067.89')
    await waitFor(() => expect(sockets.peers).toHaveLength(1))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      // A quote on a bond the book does not hold values nothing again.
      sockets
        .last()
        .receive({ type: 'quotes_eoi', data: { eoi_id: 8, finstrument_id: 'INE999999999' } })
    })
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(fake.callsTo('GET', 'api/inventory/')).toHaveLength(1)
    act(() => {
      sockets
        .last()
        .receive({ type: 'quotes_eoi', data: { eoi_id: 9, finstrument_id: 'IN0020210244' } })
    })
    const cell = await screen.findByText(/^98\.6000/)
    expect(cell.closest('td')).toHaveAttribute('data-move', 'up')
    expect(cell.closest('td')).toHaveTextContent('98.6000 ▲')
    // One read of the moved bond's positions, not of the book; the totals sum the rows shown.
    const reads = fake.callsTo('GET', 'api/inventory/')
    expect(reads).toHaveLength(2)
    expect(reads[1]!.query.get('finstrument_id')).toBe('IN0020210244')
    expect(totals).toHaveTextContent('₹69,92,00,000')
    expect(
      within(screen.getByRole('table', { name: 'Positions' })).getByText(/Karnataka/),
    ).toBeInTheDocument()
  })

  it('reads the book again whole when a moved bond’s positions are not the ones it shows', async () => {
    const elsewhere = makePosition({ book: 'AFS', market_value: 1_00_00_000 })
    const fake = createFakeFetch().on(
      'GET',
      'api/inventory/',
      book(),
      { body: makeBook([POSITIONS[0]!, elsewhere]) },
      { body: makeBook([...POSITIONS, elsewhere]) },
    )
    const { sockets } = renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    const grid = await screen.findByRole('table', { name: 'Positions' })
    await waitFor(() => expect(sockets.peers).toHaveLength(1))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      sockets.last().receive({ type: 'quotes_stream', data: { finstrument_id: 'IN0020210244' } })
    })
    await waitFor(() => expect(within(grid).getByText(/^AFS · 1 position/)).toBeInTheDocument())
    const reads = fake.callsTo('GET', 'api/inventory/')
    expect(reads.map((r) => r.query.get('finstrument_id'))).toEqual([null, 'IN0020210244', null])
  })

  it('says what to do when the book is empty, and offers a retry when it fails', async () => {
    const fake = createFakeFetch().on(
      'GET',
      'api/inventory/',
      book(makeBook([])),
      { status: 500, body: {} },
      { status: 500, body: {} },
    )
    renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    expect(await screen.findByText(/Upload your holdings/)).toBeInTheDocument()
  })

  it('previews an upload with its errors by row, then saves a clean file', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/inventory/', book(makeBook([])), book())
      .on(
        'POST',
        'api/inventory/upload/',
        {
          body: {
            rows: [],
            errors: [
              { row: 2, field: 'isin', message: 'Unknown ISIN' },
              { row: 7, field: 'clean_price', message: 'Cannot provide both price and yield' },
            ],
            total_rows: 8,
          },
        },
        { body: { rows: [{ row: 1 }], errors: [], total_rows: 1 } },
        { status: 201, body: { rows: [{ row: 1 }] } },
      )
    renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    await userEvent.click(await screen.findByRole('button', { name: 'Upload holdings' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upload holdings' })
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement
    fireEvent.change(input, {
      target: { files: [new File(['isin'], 'book.csv', { type: 'text/csv' })] },
    })
    const errors = await within(dialog).findByRole('table', { name: 'Errors by row' })
    expect(within(errors).getAllByRole('row')[1]).toHaveTextContent('2isinUnknown ISIN')
    expect(within(errors).getAllByRole('row')[2]).toHaveTextContent(
      '7clean_priceCannot provide both price and yield',
    )
    expect(fake.callsTo('POST', 'api/inventory/upload/')[0]!.query.get('preview')).toBe('true')
    fireEvent.change(input, {
      target: { files: [new File(['isin'], 'fixed.csv', { type: 'text/csv' })] },
    })
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save 1 rows' }))
    expect(await within(dialog).findByText('1 rows were added to the book.')).toBeInTheDocument()
    const saved = fake.callsTo('POST', 'api/inventory/upload/')[2]!
    expect(saved.query.get('preview')).toBeNull()
    expect((saved.body as FormData).get('file')).toBeInstanceOf(File)
  })

  it('checks a large file in parts and shows the rows checked of the total', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const row = (n: number) => ({ row: n })
    const fake = createFakeFetch()
      .on('GET', 'api/inventory/', book(makeBook([])))
      .on(
        'POST',
        'api/inventory/upload/',
        { body: { rows: [row(1)], errors: [], total_rows: 2_500 } },
        async () => {
          await held
          return new Response(
            JSON.stringify({
              rows: [row(1001)],
              errors: [{ row: 1_500, field: 'isin', message: 'Unknown ISIN' }],
              total_rows: 2_500,
            }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          )
        },
      )
    renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    await userEvent.click(await screen.findByRole('button', { name: 'Upload holdings' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upload holdings' })
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement
    fireEvent.change(input, {
      target: { files: [new File(['isin'], 'big.csv', { type: 'text/csv' })] },
    })
    expect(
      await within(dialog).findByText('Checked 1,000 of 2,500 rows of big.csv…'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('progressbar', { name: 'Rows checked' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    )
    release()
    const errors = await within(dialog).findByRole('table', { name: 'Errors by row' })
    expect(within(errors).getAllByRole('row')[1]).toHaveTextContent('1500isinUnknown ISIN')
    expect(within(dialog).getByText('1 errors in 2 rows')).toBeInTheDocument()
    const [first, second] = fake.callsTo('POST', 'api/inventory/upload/')
    expect([first!.query.get('from_row'), first!.query.get('to_row')]).toEqual(['1', '1000'])
    expect([second!.query.get('from_row'), second!.query.get('to_row')]).toEqual(['1001', '2500'])
  })

  it('offers the selected positions to the market, each at most its free face value', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/inventory/', book(), book())
      .on(
        'POST',
        'api/inventory/offer/',
        {
          status: 400,
          body: {
            message: 'x',
            fields: { 'offers.0.quantum': 'Cannot offer more than the free position (₹3 cr)' },
          },
        },
        { status: 201, body: { results: [{ eoi_id: 1 }] } },
      )
    renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select 8.00% HDFC Bank 2032 in Treasury' }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Offer to market (1)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Offer to market' })
    const amount = within(dialog).getByRole('textbox', {
      name: 'Offer of 8.00% HDFC Bank 2032 in Treasury',
    })
    expect(amount).toHaveValue('30000000')
    await userEvent.clear(amount)
    await userEvent.type(amount, '4,00,00,000')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer to market' }))
    expect(
      await within(dialog).findByText('Cannot offer more than the free position (₹3 cr)'),
    ).toBeInTheDocument()
    await userEvent.clear(amount)
    await userEvent.type(amount, '1,00,00,000')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer to market' }))
    expect(await within(dialog).findByText('1 offer is on the market.')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/inventory/offer/')[1]!.body).toEqual({
      offers: [{ finstrument_id: 'INE040A08807', book: 'Treasury', quantum: 10_000_000 }],
    })
  })

  it('sends the selected positions as a private run to a chosen counterparty, naming a refused position', async () => {
    const broker = {
      user_id: 'u-broker',
      nickname: 'Bharat Broker',
      first_name: 'Bharat',
      last_name: 'Broker',
      client_id: 'c-sec',
      brand_name: 'Demo Securities',
      is_staff: false,
      is_broker: true,
      is_connection: true,
      user_onboarded: true,
    }
    const refused = '8.00% HDFC Bank 2032 (Treasury): Bond not found. Nothing was offered'
    const fake = createFakeFetch()
      .on('GET', 'api/inventory/', book(), book())
      .on('GET', 'api/chatter/user/search', {
        body: { results: [broker], count: 1, page: 1, page_size: 20 },
      })
      .on(
        'POST',
        'api/inventory/offer/',
        { status: 400, body: { message: refused, fields: { 'offers.0': refused } } },
        {
          status: 201,
          body: {
            results: [{ eoi_id: null }],
            private_run: [{ user_id: 'u-broker', channel_url: 'c', message_id: 1 }],
          },
        },
      )
    renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select 8.00% HDFC Bank 2032 in Treasury' }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Offer to market (1)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Offer to market' })
    await userEvent.click(within(dialog).getByText('Private run to counterparties'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send private run' }))
    expect(await within(dialog).findByText('Choose at least one counterparty')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Counterparties/ }), 'bha')
    await userEvent.click(
      await within(dialog).findByRole('checkbox', { name: 'Bharat Broker · Demo Securities' }),
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send private run' }))
    expect(await within(dialog).findByText(refused)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send private run' }))
    expect(
      await within(dialog).findByText(
        '1 offer is in the private run of Bharat Broker · Demo Securities.',
      ),
    ).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/inventory/offer/')[1]!.body).toEqual({
      offers: [{ finstrument_id: 'INE040A08807', book: 'Treasury', quantum: 30_000_000 }],
      counterparty_user_ids: ['u-broker'],
    })
  })

  it('records an external trade with a counterparty from the clearing search', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/inventory/', book(), book())
      .on('GET', 'api/inventory/search-nsscl-participants/', {
        body: {
          results: [
            {
              group: 'Company',
              user_id: null,
              client_id: 'c-sec',
              nsccl_code: 'N1',
              iccl_code: null,
              user_name: null,
              brand_name: null,
              name: 'Demo Securities',
              is_broker: true,
              is_partner: true,
            },
          ],
        },
      })
      .on('POST', 'api/inventory/external-trade/', {
        status: 201,
        body: {
          isin: 'IN0020210244',
          buy_or_sell: 'sell',
          consideration: 4_98_76_543.21,
          settlement_date: '2026-11-30',
        },
      })
    renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    await userEvent.click(await screen.findByRole('button', { name: 'Record external trade' }))
    const form = await screen.findByRole('form', { name: 'External trade' })
    await userEvent.type(within(form).getByRole('textbox', { name: 'ISIN' }), 'IN0020210244')
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Face value (₹)' }),
      '5,00,00,000',
    )
    await userEvent.type(within(form).getByRole('textbox', { name: 'Yield (%)' }), '7')
    fireEvent.change(within(form).getByLabelText(/Settlement date/), {
      target: { value: '2026-11-30' },
    })
    await userEvent.type(within(form).getByRole('combobox', { name: 'Counterparty' }), 'Demo')
    await userEvent.click(await within(form).findByRole('option', { name: 'Demo Securities' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Record trade' }))
    expect(
      await within(form).findByText(/sold IN0020210244 for ₹4,98,76,543.21/),
    ).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/inventory/external-trade/')[0]!.body).toMatchObject({
      finstrument_id: 'IN0020210244',
      book: 'Trading',
      buy_or_sell: 'sell',
      quantum: 50_000_000,
      bond_yield: 7,
      settlement_date: '2026-11-30',
      counterparty_id: 'c-sec',
      exchange: 'NSE',
    })
  })

  it('shows the start of day until today is confirmed: the changes first, then the confirmation', async () => {
    const fake = createFakeFetch()
      .on(
        'GET',
        'api/inventory/',
        book(makeBook(POSITIONS, { confirmed_through: '2026-11-26' })),
        book(),
      )
      .on(
        'PUT',
        'api/inventory/confirm-previous/',
        {
          body: {
            previous: '2026-11-26',
            date: '2026-11-27',
            confirmed: false,
            confirmed_at: null,
            changes: [
              {
                kind: 'COUPON',
                isin: 'IN0020210244',
                display_name: '6.54% GS 2032',
                book: 'Trading',
                date: '2026-11-27',
                amount: 1_63_50_000,
              },
            ],
          },
        },
        {
          body: {
            previous: '2026-11-26',
            date: '2026-11-27',
            confirmed: true,
            confirmed_at: 'x',
            changes: [],
          },
        },
      )
    renderWithStore(<InventoryPage viewer={DEALER} />, { fake })
    const notice = await screen.findByRole('region', { name: 'Start of day' })
    await userEvent.click(within(notice).getByRole('button', { name: 'Review overnight changes' }))
    expect(
      await within(notice).findByRole('list', { name: 'Overnight changes' }),
    ).toHaveTextContent('27-Nov-2026 · Coupon received · 6.54% GS 2032 (Trading): ₹1,63,50,000.00')
    await userEvent.click(
      within(notice).getByRole('button', { name: 'Confirm book for 27-Nov-2026' }),
    )
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Start of day' })).not.toBeInTheDocument(),
    )
  })

  it('shows a Trade Viewer the book without the ways to change it', async () => {
    const fake = createFakeFetch().on('GET', 'api/inventory/', book())
    renderWithStore(<InventoryPage viewer={{ canEdit: false, canOffer: false }} />, { fake })
    await screen.findByRole('table', { name: 'Positions' })
    expect(screen.queryByRole('button', { name: 'Upload holdings' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Offer to market/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled()
  })
})
