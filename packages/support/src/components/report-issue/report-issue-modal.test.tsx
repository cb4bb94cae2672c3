import { createFakeFetch } from '@bonds/api-client/testing'
import { toast } from '@bonds/ui-kit'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ReportIssueModal } from './report-issue-modal.tsx'

const FILE_URL = 'http://bonds.test/ext/public/files/0b6f1f5e-8d4a-4c1e-9b7a-2f4e5d6c7b8a.png'
const shot = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })
const capture = vi.fn(async () => shot)
const ticket = {
  id: 7,
  ticket_type_id: 1,
  provider_type_id: 1,
  created_at: '2026-11-26T09:00:00.000Z',
  already_requested: false,
}

let shown: { severity: string; detail?: string | undefined }[] = []
beforeEach(() => {
  shown = []
  vi.spyOn(toast, 'show').mockImplementation((message) => {
    shown.push({ severity: message.severity, detail: message.detail })
    return 'id'
  })
  vi.spyOn(toast, 'error').mockImplementation((summary) => {
    shown.push({ severity: 'error', detail: summary })
    return 'id'
  })
  URL.createObjectURL = () => 'blob:screenshot'
  URL.revokeObjectURL = () => {}
})
afterEach(() => vi.restoreAllMocks())

function setup(
  fake = createFakeFetch(),
  context: 'pricing_cashflow' | 'counter_rfq' = 'pricing_cashflow',
) {
  const onClose = vi.fn()
  renderWithStore(
    <ReportIssueModal
      opened
      onClose={onClose}
      context={context}
      details={{ bond_yield: 0.0654, clean_price: 99.5, settlement_date: '2026-11-27' }}
      capture={capture}
    />,
    { fake, path: '/security/IN0020210244' },
  )
  return { fake, onClose, dialog: screen.getByRole('dialog', { name: 'Report an issue' }) }
}

describe('ReportIssueModal', () => {
  it('offers spec section 2’s checkboxes and consent text, and previews the screenshot', async () => {
    const { dialog } = setup()
    for (const label of [
      'Price/yield seems incorrect',
      'Maturity date seems incorrect',
      'Call/put information seems incorrect',
      'Others',
    ]) {
      expect(within(dialog).getByRole('checkbox', { name: label })).toBeInTheDocument()
    }
    expect(
      within(dialog).getByRole('checkbox', {
        name: 'Share pricing details entered by you with our support team. This helps to resolve issues quicker.',
      }),
    ).not.toBeChecked()
    expect(
      await within(dialog).findByRole('img', { name: 'Screenshot of pricing and cash flows' }),
    ).toBeInTheDocument()
    expect(capture).toHaveBeenCalledWith('pricing_cashflow')
  })

  it('gives the counter-RFQ form only price/yield and Others', () => {
    const { dialog } = setup(createFakeFetch(), 'counter_rfq')
    const boxes = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('value'))
      .filter(Boolean)
    expect(boxes).toEqual(['Price/yield seems incorrect', 'Others'])
  })

  it('asks for an issue, then uploads the screenshot and files the ticket with it', async () => {
    const fake = createFakeFetch()
      .on('POST', 'ext/public/upload/', { body: { file_url: FILE_URL } })
      .on('POST', 'ext/tickets/', { body: ticket })
    const { dialog, onClose } = setup(fake)
    await within(dialog).findByRole('img')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(await within(dialog).findByText('Choose at least one issue')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)

    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Price/yield seems incorrect' }),
    )
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Share pricing details/ }))
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Description' }),
      'Yield is off by 1 bp',
    )
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'asha@alpha.test')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }))

    await waitFor(() => expect(fake.callsTo('POST', 'ext/tickets/')).toHaveLength(1))
    const uploaded = fake.callsTo('POST', 'ext/public/upload/')[0]?.body as FormData
    expect(uploaded.get('file')).toBeInstanceOf(Blob)
    expect(fake.callsTo('POST', 'ext/tickets/')[0]?.body).toEqual({
      ticket_type_id: 1,
      contacts: [{ email: 'asha@alpha.test' }],
      ticket_attributes: {
        context: 'pricing_cashflow',
        form_type: 'REPORT_ISSUE_PRICING_CASHFLOW',
        issues: 'Price/yield seems incorrect',
        description: 'Yield is off by 1 bp',
        page: '/',
        pricing_details: JSON.stringify({
          bond_yield: 0.0654,
          clean_price: 99.5,
          settlement_date: '2026-11-27',
        }),
        attachments: [FILE_URL],
      },
    })
    expect(shown).toContainEqual({
      severity: 'success',
      detail: 'Thank you for reporting the issue. We will update you shortly via email.',
    })
    expect(onClose).toHaveBeenCalled()
  })

  it('says what failed in spec section 8’s words, and files nothing when the upload fails', async () => {
    const fake = createFakeFetch().on(
      'POST',
      'ext/public/upload/',
      {
        status: 400,
        body: {
          statusCode: 400,
          message: 'The file is empty',
          fields: { file: 'The file is empty' },
        },
      },
      'network-error',
    )
    const { dialog } = setup(fake)
    await within(dialog).findByRole('img')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Others' }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Odd')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'a@b.test')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is empty')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Error uploading file: Something went wrong, Please try again.',
      ),
    )
    expect(fake.callsTo('POST', 'ext/tickets/')).toHaveLength(0)
  })

  it('says "Error creating intercom ticket: " when the ticket fails without a message', async () => {
    const fake = createFakeFetch().on('POST', 'ext/tickets/', 'network-error')
    const { dialog } = setup(fake)
    await within(dialog).findByRole('img')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Attach this screenshot' }))
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Maturity date seems incorrect' }),
    )
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'a@b.test')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error creating intercom ticket: Something went wrong, Please try again.',
    )
    expect(fake.callsTo('POST', 'ext/public/upload/')).toHaveLength(0)
  })
})
