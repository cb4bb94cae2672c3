import { createFakeFetch } from '@bonds/api-client/testing'
import { EOI_UPLOAD_TEMPLATE_COLUMNS, type EoiUploadRow } from '@bonds/domain'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeQuotePage } from '../testing/rfq-factory.ts'
import { RfqQuotesTab } from './rfq-quotes-tab.tsx'

const row = (patch: Partial<EoiUploadRow>): EoiUploadRow => ({
  row: 1,
  finstrument_id: 'IN0020230085',
  isin: 'IN0020230085',
  display_name: '7.18% GS 2033',
  quote_type: 'ASK',
  quantum: 25_00_00_000,
  yield_stored: 0.0712,
  unit_price_stored: 100.4523,
  fixed_field: 'yield',
  settlement: '2026-11-30',
  settlement_delta: 1,
  validity: 30,
  expires_at: '2026-11-27T11:30:00.000Z',
  ...patch,
})

const choose = (name: string) =>
  fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, {
    target: { files: [new File(['finstrument_id'], name, { type: 'text/csv' })] },
  })

describe('Upload quotes', () => {
  it('previews a file with its errors by row, then posts the fixed file and refetches the quotes', async () => {
    const bad = row({ row: 2, display_name: null, isin: null, finstrument_id: 'NOTABOND' })
    const fake = createFakeFetch()
      .on('GET', 'api/eoi/rfq-quote/', { body: makeQuotePage([]) })
      .on(
        'POST',
        'api/eoi/upload/',
        {
          body: {
            rows: [row({}), bad],
            errors: [{ row: 2, field: 'finstrument_id', message: 'Bond not found' }],
          },
        },
        { body: { rows: [row({}), row({ row: 2 })], errors: [] } },
        { status: 201, body: { ids: [31, 32] } },
      )
    renderWithStore(<RfqQuotesTab canTrade renderBondPicker={() => null} />, { fake })
    await userEvent.click(screen.getByRole('button', { name: 'Upload quotes' }))
    const template = screen.getByRole('link', { name: 'Download the template (CSV)' })
    expect(template).toHaveAttribute('download', 'quotes-template.csv')
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toContain(
      EOI_UPLOAD_TEMPLATE_COLUMNS.join(','),
    )

    choose('quotes.csv')
    const quotes = await screen.findByRole('table', { name: 'Quotes in the file' })
    expect(within(quotes).getAllByRole('row')[2]).toHaveTextContent(
      /^2NOTABOND.*finstrument_id: Bond not found$/,
    )
    expect(
      screen.getByText('No quote was posted. Fix these rows and choose the file again.'),
    ).toBeInTheDocument()
    expect(within(quotes).getAllByRole('row')[1]).toHaveTextContent('7.18% GS 2033')
    expect(within(quotes).getAllByRole('row')[2]).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('button', { name: /^Post/ })).toBeNull()
    expect(fake.callsTo('POST', 'api/eoi/upload/')[0]!.query.get('preview')).toBe('true')

    choose('fixed.csv')
    await userEvent.click(await screen.findByRole('button', { name: 'Post 2 quotes' }))
    expect(await screen.findByText('2 quotes posted to the market.')).toBeInTheDocument()
    const posted = fake.callsTo('POST', 'api/eoi/upload/')[2]!
    expect(posted.query.get('preview')).toBeNull()
    expect(((posted.body as FormData).get('file') as File).name).toBe('fixed.csv')
    expect(fake.callsTo('GET', 'api/eoi/rfq-quote/').length).toBeGreaterThan(1)
  })

  it('says why a file cannot be read', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/eoi/rfq-quote/', { body: makeQuotePage([]) })
      .on('POST', 'api/eoi/upload/', {
        status: 400,
        body: { message: 'Unknown column: qauntum', fields: { file: 'Unknown column: qauntum' } },
      })
    renderWithStore(<RfqQuotesTab canTrade renderBondPicker={() => null} />, { fake })
    await userEvent.click(screen.getByRole('button', { name: 'Upload quotes' }))
    choose('quotes.csv')
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown column: qauntum')
  })

  it('is not offered without trade access', async () => {
    const fake = createFakeFetch().on('GET', 'api/eoi/rfq-quote/', { body: makeQuotePage([]) })
    renderWithStore(<RfqQuotesTab canTrade={false} renderBondPicker={() => null} />, { fake })
    await screen.findByText('No live quotes for your account')
    expect(screen.queryByRole('button', { name: 'Upload quotes' })).toBeNull()
  })
})
