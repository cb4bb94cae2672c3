import { MESSAGES, NO_INFORMATION_MEMORANDUM, type FinstrumentInfo } from '@bonds/domain'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@bonds/ui-kit'
import { SecurityDownloads } from './security-downloads.tsx'
import { bondInfo, corporateInfo } from './testing/fixtures.ts'
import { pdfAnswer, renderSecurity } from './testing/render.tsx'

/** Files handed to the browser: name and the blob's first bytes. */
let saved: { name: string; href: string }[] = []

beforeEach(() => {
  saved = []
  URL.createObjectURL = vi.fn(() => `blob:test/${saved.length}`)
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href })
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  act(() => toast.clearAll())
})

const REQUEST = { bond_yield: 0.0668, settlement_delta: 1, quantity: 500 }

function setup(priceable = true, bond: FinstrumentInfo = bondInfo()) {
  const view = renderSecurity(
    <SecurityDownloads bond={bond} request={REQUEST} priceable={priceable} />,
  )
  return { ...view, user: userEvent.setup() }
}

/** A bond whose information memorandum is published. */
const withMemorandum = () => setup(true, corporateInfo())

describe('SecurityDownloads', () => {
  it('offers no memorandum for a G-sec, and says plainly that none is published', () => {
    const { fake } = setup()
    expect(screen.queryByRole('button', { name: 'Information memorandum' })).toBeNull()
    expect(screen.queryByText(MESSAGES.imTooltip)).toBeNull()
    expect(
      screen.getByText(
        'No information memorandum is published for this bond: government securities are issued under the RBI’s notifications, not a memorandum.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Bond details (PDF)' })).toBeEnabled()
    expect(fake.callsTo('POST', 'api/im/download/')).toEqual([])
  })

  it('says so for another bond without a memorandum too', () => {
    setup(true, corporateInfo({ information_memorandum: null }))
    expect(screen.queryByRole('button', { name: 'Information memorandum' })).toBeNull()
    expect(
      screen.getByText('No information memorandum is published for this bond.'),
    ).toBeInTheDocument()
  })

  it('downloads a published memorandum and congratulates', async () => {
    const { fake, user } = withMemorandum()
    expect(
      screen.getByText('Information memorandum: PDF, 1.2 MB, published 20-Nov-2025.'),
    ).toBeInTheDocument()
    fake.on('POST', 'api/im/download/', pdfAnswer('INE001A07TS9-information-memorandum.pdf'))
    await user.click(screen.getByRole('button', { name: 'Information memorandum' }))
    expect(await screen.findByText(MESSAGES.imDownloaded)).toBeInTheDocument()
    expect(saved).toEqual([
      { name: 'INE001A07TS9-information-memorandum.pdf', href: 'blob:test/0' },
    ])
    expect(fake.callsTo('POST', 'api/im/download/')[0]?.body).toEqual({ isin: 'INE001A07TS9' })
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob
    expect(await blob.text()).toMatch(/^%PDF-/)
  })

  it('says when the published memorandum cannot be found any more, and saves no file', async () => {
    const { fake, user, notify } = withMemorandum()
    fake.on('POST', 'api/im/download/', {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: NO_INFORMATION_MEMORANDUM },
    })
    await user.click(screen.getByRole('button', { name: 'Information memorandum' }))
    expect(await screen.findByText(NO_INFORMATION_MEMORANDUM)).toBeInTheDocument()
    expect(saved).toEqual([])
    expect(screen.queryByText(MESSAGES.imDownloaded)).not.toBeInTheDocument()
    expect(notify).not.toHaveBeenCalled()
  })

  it('explains the memorandum button in a tooltip, also from the keyboard', async () => {
    const { user } = withMemorandum()
    const button = screen.getByRole('button', { name: 'Information memorandum' })
    expect(button).toHaveAccessibleDescription(MESSAGES.imTooltip)
    await user.tab()
    expect(button).toHaveFocus()
    expect(await screen.findByRole('tooltip')).toHaveTextContent(MESSAGES.imTooltip)
  })

  it('downloads the bond-details PDF with the calculator’s inputs, disabled while sending', async () => {
    const { fake, user } = setup()
    let release: (r: Response) => void = () => {}
    fake.on(
      'POST',
      'api/bond-details/IN0020210244/download/',
      () => new Promise<Response>((r) => (release = r)),
    )
    const button = screen.getByRole('button', { name: 'Bond details (PDF)' })
    await user.click(button)
    expect(button).toBeDisabled()
    expect(fake.callsTo('POST', 'api/bond-details/IN0020210244/download/')[0]?.body).toEqual(
      REQUEST,
    )
    const pdf = pdfAnswer('IN0020210244-bond-details.pdf')
    await act(async () => release(new Response(pdf.body, { headers: pdf.headers })))
    await waitFor(() => expect(button).toBeEnabled())
    expect(saved.map((s) => s.name)).toEqual(['IN0020210244-bond-details.pdf'])
    expect(screen.getByRole('status')).toHaveTextContent(
      'Bond details downloaded as IN0020210244-bond-details.pdf.',
    )
  })

  it('shows the server’s reason when a quote cannot be made', async () => {
    const { fake, user } = setup()
    const reason =
      'No yield or price was given and 364 DTB pays no coupon to price at; download again with a yield or a price.'
    fake.on('POST', 'api/quote/IN0020210244/download/', {
      status: 422,
      body: { statusCode: 422, error: 'Unprocessable Entity', message: reason },
    })
    await user.click(screen.getByRole('button', { name: 'Quote (PDF)' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(reason)
    expect(saved).toEqual([])
  })

  it('offers no quote for a bond that cannot be priced', () => {
    setup(false)
    expect(screen.getByRole('button', { name: 'Quote (PDF)' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Bond details (PDF)' })).toBeEnabled()
  })
})
