import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ExchangeCredentialsPage } from './exchange-credentials-page.tsx'
import { opsAdmin } from '../testing/users.ts'
import { renderSettings } from './render-settings.tsx'

describe('/exchange-credentials', () => {
  it('shows which credentials are stored, never their passwords', async () => {
    await renderSettings(
      ExchangeCredentialsPage,
      opsAdmin({ nsccl_credentials: true, nsccl_name: 'dc-nse' }),
    )
    const nse = screen.getByRole('form', { name: 'NSE Clearing (NSCCL)' })
    expect(within(nse).getByText('Saved · dc-nse')).toBeInTheDocument()
    const bse = screen.getByRole('form', { name: 'Indian Clearing Corporation (ICCL)' })
    expect(within(bse).getByText('Not set')).toBeInTheDocument()
  })

  it('checks the fields, then saves for the right clearing corporation and reloads the session', async () => {
    const fake = await renderSettings(ExchangeCredentialsPage)
    const bse = screen.getByRole('form', { name: 'Indian Clearing Corporation (ICCL)' })
    await userEvent.click(within(bse).getByRole('button', { name: 'Save credentials' }))
    expect(within(bse).getByText('Participant code is required')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/client/credentials/')).toHaveLength(0)

    await userEvent.type(within(bse).getByRole('textbox', { name: 'Participant code' }), 'ICCL42')
    await userEvent.type(within(bse).getByRole('textbox', { name: 'Username' }), 'dc-bse')
    await userEvent.type(within(bse).getByLabelText(/^Password/, { selector: 'input' }), 's3cret')
    fake.on('POST', 'api/client/credentials/', {
      body: {
        corp: 'ICCL',
        participant_code: 'ICCL42',
        username: 'dc-bse',
        updated_at: '2026-11-23T10:00:00.000Z',
      },
    })
    fake.on('GET', 'api/session/', {
      body: opsAdmin({ iccl_credentials: true, iccl_name: 'dc-bse' }),
    })
    await userEvent.click(within(bse).getByRole('button', { name: 'Save credentials' }))
    expect(await within(bse).findByText('Saved · dc-bse')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/client/credentials/')[0]?.body).toEqual({
      participant_code: 'ICCL42',
      username: 'dc-bse',
      password: 's3cret',
      corp: 'ICCL',
    })
  })
})
