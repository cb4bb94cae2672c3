import { createFakeFetch } from '@bonds/api-client/testing'
import { useTradeStreamQuery } from '@bonds/api-client'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { lineRfq, runPage, TWO_WAY } from './fixtures.ts'
import { PrivateRunsTab } from './private-runs-tab.tsx'

const TEXT = 'Quotes from across your chats will be displayed here.'

/** The tab and the stream, as the workspace mounts them. */
function Live({ canAct = true }: { canAct?: boolean }) {
  useTradeStreamQuery()
  return <PrivateRunsTab description={TEXT} canAct={canAct} exchanges={['NSE', 'BSE']} />
}

const rowOf = (text: string) =>
  screen.getAllByRole('row').find((row) => within(row).queryByText(text) && row.querySelector('td'))

describe('PrivateRunsTab', () => {
  it('shows the run grouped by message: who sent it, the bond, sides, yields and sizes', async () => {
    const fake = createFakeFetch().on('GET', 'api/eoi/private-run/', { body: runPage(TWO_WAY) })
    renderWithStore(<Live />, { fake })
    expect(screen.getByText(TEXT)).toBeInTheDocument()
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(rows[1]).toHaveTextContent(
      'Bharat Broker · Demo Securities — Bharat Broker · 26 Nov, 10:30:00 IST',
    )
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .slice(0, 8)
        .map((c) => c.textContent),
    ).toEqual(['7.18% GS 2033IN0020230085', 'Bid', '7.1200%', '—', '₹25 cr', '—', 'In run', '—'])
    expect(within(rows[3]!).getByText('Offer')).toBeInTheDocument()
    expect(within(rows[5]!).getByText('Confirm?')).toBeInTheDocument()
    expect(screen.getByText('1 quote waits for your confirmation')).toBeInTheDocument()
    expect(screen.queryByText(/^The newest/)).not.toBeInTheDocument()
  })

  it('shows what a line was read from on hover, and its doubts on a pending one', async () => {
    const fake = createFakeFetch().on('GET', 'api/eoi/private-run/', { body: runPage(TWO_WAY) })
    renderWithStore(<Live />, { fake })
    const table = await screen.findByRole('table')
    // Mounted when the pointer first comes over it, then opened as it moves there (decision 404).
    const bond = () => within(table).getAllByText('7.18% GS 2033')[0]!
    await userEvent.hover(bond())
    await userEvent.hover(bond())
    expect(await screen.findByRole('tooltip')).toHaveTextContent('7.18 gs 2033 7.12/7.10 25cr')
    await userEvent.unhover(bond())
    const pending = () => within(table).getByText('Confirm?')
    await userEvent.hover(pending())
    await userEvent.hover(pending())
    await waitFor(() =>
      expect(screen.getAllByRole('tooltip').map((tip) => tip.textContent)).toContain('indicative'),
    )
  })

  it('opens a line’s exchange menu and its correction from the keyboard', async () => {
    const fake = createFakeFetch().on('GET', 'api/eoi/private-run/', { body: runPage(TWO_WAY) })
    renderWithStore(<Live />, { fake })
    await screen.findByRole('table')
    within(rowOf('Offer')!).getByRole('button', { name: 'Send to RFQ' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('menuitem', { name: 'NSE RFQ' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menuitem')).not.toBeInTheDocument())
    screen.getByRole('button', { name: 'Correct 7.18% GS 2033 bid 7.1300%' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByLabelText('Yield (%)')).toBeInTheDocument()
  })

  it('sorts by a column from its header, by keyboard too, and back to the newest first', async () => {
    const fake = createFakeFetch().on('GET', 'api/eoi/private-run/', { body: runPage(TWO_WAY) })
    renderWithStore(<Live />, { fake })
    const table = await screen.findByRole('table')
    const sides = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).queryAllByRole('cell')[2]?.textContent ?? '')
    const yieldHeader = within(table).getByRole('columnheader', { name: /Yield/ })
    expect(yieldHeader).toHaveAttribute('aria-sort', 'none')
    expect(sides()).toEqual(['', '7.1200%', '7.1000%', '', '7.1300%'])

    await userEvent.click(within(yieldHeader).getByRole('button'))
    expect(yieldHeader).toHaveAttribute('aria-sort', 'ascending')
    expect(sides()).toEqual(['', '7.1000%', '7.1200%', '', '7.1300%'])

    within(yieldHeader).getByRole('button').focus()
    await userEvent.keyboard('{Enter}')
    expect(yieldHeader).toHaveAttribute('aria-sort', 'descending')
    expect(sides()).toEqual(['', '7.1300%', '', '7.1200%', '7.1000%'])
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Bharat Broker')

    await userEvent.keyboard('{Enter}')
    expect(yieldHeader).toHaveAttribute('aria-sort', 'none')
    expect(sides()).toEqual(['', '7.1200%', '7.1000%', '', '7.1300%'])
  })

  it('says when older quotes are beyond the newest page', async () => {
    const fake = createFakeFetch().on('GET', 'api/eoi/private-run/', {
      body: { ...runPage(TWO_WAY), count: 250 },
    })
    renderWithStore(<Live />, { fake })
    expect(
      await screen.findByText('The newest 3 of 250 quotes: search to find older ones.'),
    ).toBeInTheDocument()
    expect(fake.callsTo('GET', 'api/eoi/private-run/')[0]?.query.get('page_size')).toBe('100')
  })

  it('confirms an unsure quote in one tap', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/eoi/private-run/', { body: runPage(TWO_WAY) })
      .on('POST', 'api/eoi/private-run/3/confirm/', { body: { ...TWO_WAY[2], status: 'live' } })
      .on('GET', 'api/eoi/private-run/', {
        body: runPage([TWO_WAY[0]!, TWO_WAY[1]!, { ...TWO_WAY[2]!, status: 'live' }]),
      })
    renderWithStore(<Live />, { fake })
    await userEvent.click(
      await screen.findByRole('button', { name: 'Confirm 7.18% GS 2033 bid 7.1300%' }),
    )
    await waitFor(() => expect(screen.queryByText('Confirm?')).not.toBeInTheDocument())
    expect(fake.callsTo('POST', 'api/eoi/private-run/3/confirm/')).toHaveLength(1)
  })

  it('shows each line’s write loading while it is in flight, several lines at once', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
    const fake = createFakeFetch()
      // The first answer, and one for each write's refetch.
      .on(
        'GET',
        'api/eoi/private-run/',
        { body: runPage(TWO_WAY) },
        { body: runPage(TWO_WAY) },
        { body: runPage(TWO_WAY) },
      )
      .on('POST', 'api/eoi/private-run/1/dismiss/', async () => {
        await held
        return new Response(null, { status: 204 })
      })
      .on('POST', 'api/eoi/private-run/3/confirm/', async () => {
        await held
        return json({ ...TWO_WAY[2], status: 'live' })
      })
    renderWithStore(<Live />, { fake })
    const dismiss = await screen.findByRole('button', { name: 'Dismiss 7.18% GS 2033 bid 7.1200%' })
    const confirm = screen.getByRole('button', { name: 'Confirm 7.18% GS 2033 bid 7.1300%' })
    const other = screen.getByRole('button', { name: 'Dismiss 7.18% GS 2033 bid 7.1300%' })
    expect(dismiss).not.toHaveAttribute('data-loading')
    await userEvent.click(dismiss)
    await userEvent.click(confirm)
    await waitFor(() => expect(dismiss).toHaveAttribute('data-loading'))
    expect(confirm).toHaveAttribute('data-loading')
    // Another line's button, and another write of the same line, are not loading.
    expect(other).not.toHaveAttribute('data-loading')
    expect(
      screen.getByRole('button', { name: 'Dismiss 7.18% GS 2033 bid 7.1200%' }),
    ).toHaveAttribute('data-loading')
    act(() => release())
    // Settled: the buttons of the lines, still in the run after its refetch, are idle again.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Dismiss 7.18% GS 2033 bid 7.1200%' }),
      ).not.toHaveAttribute('data-loading'),
    )
    expect(
      screen.getByRole('button', { name: 'Confirm 7.18% GS 2033 bid 7.1300%' }),
    ).not.toHaveAttribute('data-loading')
  })

  it('sends a line to the exchange the user picks, and shows the venue’s state on it', async () => {
    const sent = { ...TWO_WAY[1]!, rfq: lineRfq() }
    const fake = createFakeFetch()
      .on('GET', 'api/eoi/private-run/', { body: runPage(TWO_WAY) })
      .on('POST', 'api/eoi/private-run/2/send-to-rfq/', { status: 201, body: sent })
      .on('GET', 'api/eoi/private-run/', { body: runPage([TWO_WAY[0]!, sent, TWO_WAY[2]!]) })
    renderWithStore(<Live />, { fake })
    await screen.findByRole('table')
    const offer = rowOf('Offer')!
    await userEvent.click(within(offer).getByRole('button', { name: 'Send to RFQ' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'NSE RFQ' }))
    expect(await screen.findByText('NSE RFQ · Initiated')).toBeInTheDocument()
    const [call] = fake.callsTo('POST', 'api/eoi/private-run/2/send-to-rfq/')
    expect(call?.body).toEqual({ exchange: 'NSE' })
    // Flashed: the exchange cell changed on a line already shown.
    expect(screen.getByText('NSE RFQ · Initiated').closest('td')).toHaveAttribute(
      'data-changed',
      'venue',
    )
  })

  it('shows the venue’s refusal in place', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/eoi/private-run/', { body: runPage(TWO_WAY) }, { body: runPage(TWO_WAY) })
      .on('POST', 'api/eoi/private-run/1/send-to-rfq/', {
        status: 422,
        body: {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'BSE RFQ is closed: its session is 09:00–17:00 IST on business days',
        },
      })
    renderWithStore(<Live />, { fake })
    await screen.findByRole('table')
    await userEvent.click(within(rowOf('Bid')!).getByRole('button', { name: 'Send to RFQ' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'BSE RFQ' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'BSE RFQ is closed: its session is 09:00–17:00 IST on business days',
    )
  })

  it('corrects a reading: yield in percent and size in crore go as a fraction and rupees', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/eoi/private-run/', { body: runPage(TWO_WAY) }, { body: runPage(TWO_WAY) })
      .on('POST', 'api/eoi/private-run/3/correct/', { body: { ...TWO_WAY[2], status: 'live' } })
    renderWithStore(<Live />, { fake })
    await userEvent.click(
      await screen.findByRole('button', { name: 'Correct 7.18% GS 2033 bid 7.1300%' }),
    )
    const level = await screen.findByLabelText('Yield (%)')
    await userEvent.clear(level)
    await userEvent.type(level, '7.125')
    const size = screen.getByLabelText('Size (crore)')
    await userEvent.clear(size)
    await userEvent.type(size, '10')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(fake.callsTo('POST', 'api/eoi/private-run/3/correct/')).toHaveLength(1),
    )
    expect(fake.callsTo('POST', 'api/eoi/private-run/3/correct/')[0]?.body).toEqual({
      quote_type: 'BID',
      yield: 0.07125,
      quantum: 100_000_000,
    })
  })

  it('fetches the run again when a private_run message streams in, and flashes what moved', async () => {
    const fake = createFakeFetch().on(
      'GET',
      'api/eoi/private-run/',
      { body: runPage(TWO_WAY) },
      { body: runPage([{ ...TWO_WAY[0]!, quantum: 100_000_000 }, TWO_WAY[1]!, TWO_WAY[2]!]) },
    )
    const { sockets } = renderWithStore(<Live />, { fake })
    await screen.findByRole('table')
    await waitFor(() => expect(sockets.peers).toHaveLength(1))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      sockets.last().receive({ type: 'private_run', data: { line_ids: [1], reason: 'corrected' } })
    })
    const size = await screen.findByText('₹10 cr')
    expect(size.closest('td')).toHaveAttribute('data-changed', 'quantum')
  })

  it('keeps a line’s flash, row and all, while other lines stream in and out', async () => {
    const fake = createFakeFetch().on(
      'GET',
      'api/eoi/private-run/',
      { body: runPage(TWO_WAY) },
      { body: runPage([{ ...TWO_WAY[0]!, quantum: 100_000_000 }, TWO_WAY[1]!, TWO_WAY[2]!]) },
    )
    const { sockets } = renderWithStore(<Live />, { fake })
    const table = await screen.findByRole('table')
    await waitFor(() => expect(sockets.peers).toHaveLength(1))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      sockets.last().receive({ type: 'private_run', data: { line_ids: [1], reason: 'corrected' } })
    })
    const size = (await screen.findByText('₹10 cr')).closest('td')!
    expect(size).toHaveAttribute('data-changed', 'quantum')
    const rows = within(table).getAllByRole('row').length
    // Another line dismissed elsewhere: the run changes, the flashed line does not.
    act(() => {
      sockets.last().receive({
        type: 'private_run',
        data: { line_ids: [TWO_WAY[1]!.id], reason: 'dismissed' },
      })
    })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(rows - 1))
    expect(screen.getByText('₹10 cr').closest('td')).toBe(size)
    expect(size).toHaveAttribute('data-changed', 'quantum')
  })

  it('drops a line dismissed elsewhere without a request', async () => {
    const fake = createFakeFetch().on('GET', 'api/eoi/private-run/', { body: runPage(TWO_WAY) })
    const { sockets } = renderWithStore(<Live />, { fake })
    const table = await screen.findByRole('table')
    const lines = () => within(table).getAllByRole('row').length
    const shown = lines()
    await waitFor(() => expect(sockets.peers).toHaveLength(1))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      sockets.last().receive({
        type: 'private_run',
        data: { line_ids: [TWO_WAY[0]!.id], reason: 'dismissed' },
      })
    })
    await waitFor(() => expect(lines()).toBe(shown - 1))
    expect(fake.callsTo('GET', 'api/eoi/private-run/')).toHaveLength(1)
  })

  it('reads a pasted run without posting it', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/eoi/private-run/', { body: runPage([]) })
      .on('POST', 'api/eoi/parse/', {
        body: {
          quotes: [
            {
              isin: 'IN0020230085',
              finstrument_id: 'IN0020230085',
              display_name: '7.18% GS 2033',
              quote_type: 'ASK',
              yield: 0.071,
              price: null,
              quantum: 250_000_000,
              settlement_delta: 1,
              confidence: 1,
              auto: true,
            },
          ],
        },
      })
    renderWithStore(<Live />, { fake })
    expect(
      await screen.findByText(
        'No quotes yet. Runs and quotes your counterparties send you in chat appear here as they arrive.',
      ),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Paste a run' }))
    await userEvent.type(screen.getByLabelText('Paste a run'), '7.18 gs 2033 offer 7.10 25cr T+1')
    await userEvent.click(screen.getByRole('button', { name: 'Read' }))
    const reading = await screen.findByRole('table', { name: 'Quotes read from the pasted text' })
    expect(within(reading).getAllByRole('row')[1]).toHaveTextContent(
      '7.18% GS 2033Offer7.1000%—₹25 crT+1Sure',
    )
    expect(fake.callsTo('POST', 'api/eoi/parse/')[0]?.body).toEqual({
      text: '7.18 gs 2033 offer 7.10 25cr T+1',
    })
  })

  it('offers no actions to a viewer who cannot trade, and a retry when the run fails', async () => {
    const fake = createFakeFetch().on('GET', 'api/eoi/private-run/', {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
    })
    renderWithStore(<Live canAct={false} />, { fake })
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 4000 })
    fake.on('GET', 'api/eoi/private-run/', { body: runPage(TWO_WAY) })
    await userEvent.click(retry)
    await screen.findByRole('table')
    expect(screen.queryByRole('button', { name: 'Send to RFQ' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument()
  })
})
