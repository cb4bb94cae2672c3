import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { makePage, makeReconstruction, makeTicket } from '../testing/factory.ts'
import { SurveillanceTrades } from './surveillance-trades.tsx'

const NOW = Date.parse('2026-11-26T05:30:00.000Z')
const now = () => NOW

const order = makeReconstruction().ticket
const late = makeTicket({
  id: 7,
  state: 'accepted',
  kind: 'order',
  actions: [],
  display_name: '7.18% GS 2033',
  report: { ...makeTicket().report, overdue: true },
  updated_at: '2026-11-26T05:20:00.000Z',
})

describe('SurveillanceTrades', () => {
  it('lists the firm’s trades and orders, flags an overdue report, and offers no action', async () => {
    const fake = createFakeFetch().on('GET', 'api/surveillance/trades/', {
      body: makePage([order, late]),
    })
    renderWithStore(<SurveillanceTrades now={now} />, { fake, path: '/surveillance' })
    const table = await screen.findByRole('table', { name: 'Trades' })
    const [, first, second] = within(table).getAllByRole('row')
    expect(first).toHaveTextContent('Order #7')
    expect(within(first!).getByText('Overdue')).toBeInTheDocument()
    expect(second).toHaveTextContent('Order #101')
    expect(screen.getByText(/2 trades/)).toBeInTheDocument()
    // The only buttons open a trade; nothing to edit, send, accept, report or settle.
    const buttons = screen.getAllByRole('button').map((b) => b.textContent ?? b.ariaLabel)
    expect(buttons.join(' ')).not.toMatch(/Edit|Send|Accept|Report|Settle|Cancel/)
  })

  it('filters by state, a search of 3+ characters and overdue reports', async () => {
    const empty = { body: makePage([]) }
    const fake = createFakeFetch().on(
      'GET',
      'api/surveillance/trades/',
      ...Array.from({ length: 8 }, () => empty),
    )
    renderWithStore(<SurveillanceTrades now={now} />, { fake, path: '/surveillance' })
    // The loading placeholder is a status too; the list's own status follows it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No trades yet'))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Overdue reports only' }))
    await userEvent.type(screen.getByRole('textbox', { name: /Search/ }), 'Be')
    await userEvent.type(screen.getByRole('textbox', { name: /Search/ }), 'ta')
    await waitFor(() => {
      const last = fake.callsTo('GET', 'api/surveillance/trades/').at(-1)
      expect(last?.query.get('search')).toBe('Beta')
      expect(last?.query.get('overdue')).toBe('true')
    })
    // Two characters are not a search.
    const searches = fake
      .callsTo('GET', 'api/surveillance/trades/')
      .map((c) => c.query.get('search'))
    expect(searches).not.toContain('Be')
    expect(await screen.findByText('No trades match these filters')).toBeInTheDocument()
  })

  it('opens a trade’s reconstruction with Enter, its events in order with their kinds', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/surveillance/trades/', { body: makePage([order]) })
      .on('GET', 'api/surveillance/trades/101/', { body: makeReconstruction() })
    renderWithStore(<SurveillanceTrades now={now} />, { fake, path: '/surveillance' })
    const open = await screen.findByRole('button', { name: /Open ticket 101/ })
    open.focus()
    await userEvent.keyboard('{Enter}')
    const heading = await screen.findByRole('heading', { name: 'Reconstruction of order #101' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.getByText('NSE NCL20261126000101001')).toBeInTheDocument()
    const items = screen.getByText(/Timeline \(9 events\)/)
    expect(items).toBeInTheDocument()
    const kinds = ['RFQ', 'Message', 'Message', 'Quote', 'Ticket', 'Ticket', 'Order', 'Report']
    const badges = [...screen.getByLabelText('Timeline').querySelectorAll('[data-kind]')].map(
      (b) => b.textContent,
    )
    expect(badges).toEqual([...kinds, 'Settlement'])
    // What people typed is text, never markup.
    expect(screen.getByText('Need 5 cr 6.54 GS 32 <b>today</b>')).toBeInTheDocument()
    expect(fake.callsTo('GET', 'api/surveillance/trades/101/')).toHaveLength(1)
  })

  it('exports the PDF under the server’s name, and says so', async () => {
    const created: Blob[] = []
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob)
      return 'blob:reconstruction'
    }
    URL.revokeObjectURL = () => {}
    onTestFinished(() => {
      URL.createObjectURL = saved.create
      URL.revokeObjectURL = saved.revoke
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    onTestFinished(() => click.mockRestore())
    const fake = createFakeFetch()
      .on('GET', 'api/surveillance/trades/', { body: makePage([order]) })
      .on('GET', 'api/surveillance/trades/101/', { body: makeReconstruction() })
      .on('GET', 'api/surveillance/trades/101/pdf/', {
        body: '%PDF-1.7',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="trade-101-reconstruction.pdf"',
        },
      })
    renderWithStore(<SurveillanceTrades now={now} />, { fake, path: '/surveillance' })
    await userEvent.click(await screen.findByRole('button', { name: /Open ticket 101/ }))
    await userEvent.click(await screen.findByRole('button', { name: 'Export PDF' }))
    expect(await screen.findByText('Saved trade-101-reconstruction.pdf')).toBeInTheDocument()
    expect(click).toHaveBeenCalled()
    expect(created[0]?.type).toBe('application/pdf')
  })

  it('says clearly when the PDF could not be made', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/surveillance/trades/', { body: makePage([order]) })
      .on('GET', 'api/surveillance/trades/101/', { body: makeReconstruction() })
      .on('GET', 'api/surveillance/trades/101/pdf/', { status: 503, body: {} })
    renderWithStore(<SurveillanceTrades now={now} />, { fake, path: '/surveillance' })
    await userEvent.click(await screen.findByRole('button', { name: /Open ticket 101/ }))
    await userEvent.click(await screen.findByRole('button', { name: 'Export PDF' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The PDF could not be made')
  })

  it('offers a retry when the list fails', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/surveillance/trades/', { status: 400, body: {} })
      .on('GET', 'api/surveillance/trades/', { body: makePage([order]) })
    renderWithStore(<SurveillanceTrades now={now} />, { fake, path: '/surveillance' })
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('table', { name: 'Trades' })).toBeInTheDocument()
  })
})
