import { strFromU8, unzipSync } from 'fflate'
import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { XLSX_TYPE } from '../model/xlsx.ts'
import { CSV_COLUMNS } from '../model/csv.ts'
import { makePage, makeTicket, makeTicketDetail } from '../testing/factory.ts'
import { TransactionsPage } from './transactions-page.tsx'

const NOW = Date.parse('2026-11-26T05:05:00.000Z')
const now = () => NOW

const ticket = makeTicket({ id: 8 })
const order = makeTicket({
  id: 9,
  kind: 'order',
  state: 'accepted',
  display_name: '7.18% GS 2033',
  quantum: 25_00_000,
  actions: ['report', 'cancel'],
  updated_at: '2026-11-26T05:03:00.000Z',
})

describe('TransactionsPage', () => {
  it('lists tickets and orders with their kind, state, counterparty and amounts in lakh/crore', async () => {
    const fake = createFakeFetch().on('GET', 'api/orders/unified/', {
      body: makePage([ticket, order]),
    })
    renderWithStore(<TransactionsPage viewer={{ roles: ['clientviewer'] }} now={now} />, { fake })
    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Transactions' })
    const [, first, second] = within(table).getAllByRole('row')
    expect(within(first!).getAllByRole('cell')[0]).toHaveTextContent('Order #9')
    expect(first).toHaveTextContent('₹25 lakh')
    expect(first).toHaveTextContent('Accepted')
    expect(second).toHaveTextContent('Ticket #8')
    expect(second).toHaveTextContent('Beta Bank')
    expect(second).toHaveTextContent('₹5 cr')
    expect(screen.getByText('2 transactions')).toBeInTheDocument()
  })

  it('filters by state, search (3 characters, debounced) and overdue, and says when nothing matches', async () => {
    const empty = { body: makePage([]) }
    const fake = createFakeFetch().on(
      'GET',
      'api/orders/unified/',
      empty,
      empty,
      empty,
      empty,
      empty,
    )
    renderWithStore(<TransactionsPage viewer={{ roles: ['clientdealer'] }} now={now} />, { fake })
    // The loading placeholder is a status too; the list's own status follows it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No transactions yet'))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Overdue reports only' }))
    await userEvent.type(screen.getByRole('textbox', { name: /Search/ }), 'Beta')
    await waitFor(() => {
      const last = fake.callsTo('GET', 'api/orders/unified/').at(-1)
      expect(last?.query.get('search')).toBe('Beta')
      expect(last?.query.get('overdue')).toBe('true')
    })
    expect(await screen.findByText('No transactions match these filters')).toBeInTheDocument()
    // Typing stops before a search is asked for each key.
    expect(
      fake.callsTo('GET', 'api/orders/unified/').filter((c) => c.query.get('search') === 'Bet'),
    ).toHaveLength(0)
  })

  it('exports the filtered list as CSV and XLSX', async () => {
    const created: Blob[] = []
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob)
      return 'blob:transactions'
    }
    URL.revokeObjectURL = () => {}
    onTestFinished(() => {
      URL.createObjectURL = saved.create
      URL.revokeObjectURL = saved.revoke
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const fake = createFakeFetch()
      .on('GET', 'api/orders/unified/', { body: makePage([ticket, order]) })
      .on('GET', 'api/orders/unified/', { body: makePage([ticket, order]) })
      .on('GET', 'api/orders/unified/', { body: makePage([ticket, order]) })
    renderWithStore(<TransactionsPage viewer={{ roles: ['clientviewer'] }} now={now} />, { fake })
    await screen.findByRole('table', { name: 'Transactions' })
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(click).toHaveBeenCalled())
    expect(fake.callsTo('GET', 'api/orders/unified/')[1]?.query.get('paginate')).toBe('false')
    const text = await created[0]!.text()
    const lines = text.replace('\uFEFF', '').split('\r\n')
    expect(lines[0]).toBe(CSV_COLUMNS.join(','))
    expect(lines).toHaveLength(3)

    // The same list as a workbook.
    await userEvent.click(screen.getByRole('button', { name: 'Export XLSX' }))
    await waitFor(() => expect(created).toHaveLength(2))
    expect(created[1]!.type).toBe(XLSX_TYPE)
    const files = unzipSync(new Uint8Array(await created[1]!.arrayBuffer()))
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!)
    expect(sheet.match(/<row /g)).toHaveLength(3)
    expect(click.mock.calls).toHaveLength(2)
    click.mockRestore()
  })

  it('lets Back Office report an order through the orders endpoint', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/orders/unified/', { body: makePage([order]) }, { body: makePage([order]) })
      .on(
        'GET',
        'api/orders/9/',
        { body: makeTicketDetail(order) },
        { body: makeTicketDetail({ ...order, state: 'reported', actions: ['settle'] }) },
      )
      .on('POST', 'api/orders/', { body: { ...order, state: 'reported' } })
    renderWithStore(<TransactionsPage viewer={{ roles: ['backoffice'] }} now={now} />, { fake })
    await userEvent.click(await screen.findByRole('button', { name: /Open ticket 9/ }))
    const actions = await screen.findByRole('group', { name: 'Actions' })
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Report'])
    await userEvent.click(within(actions).getByRole('button', { name: 'Report' }))
    await waitFor(() =>
      expect(fake.callsTo('POST', 'api/orders/')[0]?.body).toEqual({ order_id: 9, version: 3 }),
    )
    expect(await screen.findByRole('button', { name: 'Settle' })).toBeInTheDocument()
  })

  it('offers the app’s "Report issue" on the chosen ticket, with the ticketing context', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/orders/unified/', { body: makePage([ticket]) })
      .on('GET', 'api/chatter/trade/8/', { body: makeTicketDetail(ticket) })
    const reportIssue = vi.fn((context: string) => <button type="button">Report {context}</button>)
    renderWithStore(
      <TransactionsPage viewer={{ roles: ['clientviewer'] }} now={now} reportIssue={reportIssue} />,
      { fake },
    )
    await userEvent.click(await screen.findByRole('button', { name: /Open ticket 8/ }))
    expect(await screen.findByRole('button', { name: 'Report ticketing' })).toBeInTheDocument()
  })
})
