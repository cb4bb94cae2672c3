import { createFakeFetch } from '@bonds/api-client/testing'
import { toast, useShellHelp } from '@bonds/ui-kit'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ContactForm } from '../contact/contact-form.tsx'
import { SupportButton } from './support-button.tsx'
import { SupportModal } from './support-modal.tsx'
import { SupportProvider } from './support-provider.tsx'

const stored = (id: number) => ({
  id,
  ticket_type_id: id,
  provider_type_id: id,
  created_at: '2026-11-26T09:00:00.000Z',
  already_requested: false,
})

let successes: (string | undefined)[] = []
beforeEach(() => {
  successes = []
  vi.spyOn(toast, 'show').mockImplementation((message) => {
    if (message.severity === 'success') successes.push(message.detail)
    return 'id'
  })
  vi.spyOn(toast, 'error').mockImplementation(() => 'id')
})
afterEach(() => vi.restoreAllMocks())

describe('SupportModal', () => {
  it('offers the four support types and answers each in its own words', async () => {
    const fake = createFakeFetch()
      .on('POST', 'ext/tickets/', { body: stored(2) })
      .on('POST', 'ext/tickets/', { body: stored(4) })
    renderWithStore(<SupportModal opened onClose={() => {}} />, { fake })
    const dialog = screen.getByRole('dialog', { name: 'Support' })
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['query', 'issue', 'access', 'feedback'])
    expect(within(dialog).getByRole('radio', { name: 'Ask a query' })).toBeChecked()

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Provide feedback' }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Lovely')
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'a@b.test')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(successes).toEqual(['Thank you for your valuable feedback']))
    expect(fake.callsTo('POST', 'ext/tickets/')[0]?.body).toMatchObject({
      ticket_type_id: 2,
      contacts: [{ email: 'a@b.test' }],
      ticket_attributes: { description: 'Lovely' },
    })

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Request access' }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Depth please')
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'a@b.test')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    await waitFor(() =>
      expect(successes).toContain(
        'Your request has been noted. We will update you shortly via email.',
      ),
    )
    expect(fake.callsTo('POST', 'ext/tickets/')[1]?.body).toMatchObject({
      ticket_type_id: 4,
      ticket_attributes: { form_type: 'REQUEST_ACCESS' },
    })
  })

  it('opens from its button', async () => {
    renderWithStore(<SupportButton />)
    await userEvent.click(screen.getByRole('button', { name: 'Get support' }))
    expect(await screen.findByRole('dialog', { name: 'Support' })).toBeInTheDocument()
  })

  it('needs a message', async () => {
    renderWithStore(<SupportModal opened onClose={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: 'Support' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(await within(dialog).findByText('Message is required')).toBeInTheDocument()
  })
})

describe('SupportProvider', () => {
  /** What the account menu does with the provider: a "Help and support" calling it. */
  function HelpEntry() {
    const open = useShellHelp()
    return open ? (
      <button type="button" onClick={open}>
        Help and support
      </button>
    ) : null
  }

  it('gives the account menu "Help and support", which opens the support modal', async () => {
    renderWithStore(
      <SupportProvider>
        <HelpEntry />
      </SupportProvider>,
      { fake: createFakeFetch() },
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Help and support' }))
    const dialog = await screen.findByRole('dialog', { name: 'Support' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})

describe('ContactForm', () => {
  it('files a contact-form query; "Your message has been noted"', async () => {
    const fake = createFakeFetch().on('POST', 'ext/tickets/', { body: stored(3) })
    renderWithStore(<ContactForm />, { fake })
    const form = screen.getByRole('form', { name: 'Contact us' })
    await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'Asha Rao')
    await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'asha@alpha.test')
    await userEvent.type(within(form).getByRole('textbox', { name: /Message/ }), 'Onboard us')
    await userEvent.click(within(form).getByRole('button', { name: 'Send message' }))
    await waitFor(() => expect(successes).toEqual(['Your message has been noted']))
    expect(fake.callsTo('POST', 'ext/tickets/')[0]?.body).toEqual({
      ticket_type_id: 3,
      contacts: [{ name: 'Asha Rao', email: 'asha@alpha.test' }],
      ticket_attributes: { form_type: 'CONTACT_FORM', company: '', description: 'Onboard us' },
    })
  })
})
