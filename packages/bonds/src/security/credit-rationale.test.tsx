import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CreditRationale } from './credit-rationale.tsx'
import { corporateInfo, RATIONALES } from './testing/fixtures.ts'
import { renderSecurity } from './testing/render.tsx'
import { createFakeFetch } from '@bonds/api-client/testing'

const PATH = 'api/credit-rationale/INE001A07TS9/'

describe('CreditRationale', () => {
  it('lists the stored rationales, newest first, with their source', async () => {
    const fake = createFakeFetch()
    fake.on('GET', PATH, { body: { results: RATIONALES } })
    renderSecurity(<CreditRationale bond={corporateInfo()} />, { fake })
    expect(screen.getByRole('status', { name: 'Loading credit rationale' })).toBeInTheDocument()
    const items = await screen.findAllByRole('article')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveAccessibleName('CRISIL CRISIL AAA/Stable, 12-Aug-2025')
    expect(items[0]).toHaveTextContent('Reaffirmed: strong capitalisation')
    expect(
      within(items[0]!).getByRole('link', { name: 'Read the rationale at CRISIL' }),
    ).toHaveAttribute('href', 'https://www.crisil.com/')
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument()
  })

  it('says when no rationale is stored', async () => {
    const fake = createFakeFetch()
    fake.on('GET', PATH, { body: { results: [] } })
    renderSecurity(<CreditRationale bond={corporateInfo()} />, { fake })
    expect(await screen.findByText('No credit rationale yet')).toBeInTheDocument()
    expect(
      screen.getByText(
        'The bond is rated CRISIL AAA; the agency’s rationale appears here once it is stored.',
      ),
    ).toBeInTheDocument()
  })

  it('shows a failure with a retry (a GET is retried once by the client first)', async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch()
    const down = {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
    }
    fake.on('GET', PATH, down, down, { body: { results: RATIONALES } })
    renderSecurity(<CreditRationale bond={corporateInfo()} />, { fake })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The credit rationale could not be loaded.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findAllByRole('article')).toHaveLength(2)
  })
})
