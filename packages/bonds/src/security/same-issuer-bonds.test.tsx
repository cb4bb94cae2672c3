import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SameIssuerBonds } from './same-issuer-bonds.tsx'
import { bondInfo, OTHER_GSECS } from './testing/fixtures.ts'
import { renderSecurity } from './testing/render.tsx'
import { createFakeFetch } from '@bonds/api-client/testing'

const PATH = 'api/bonds-by-same-issuer/IN0020210244/'

describe('SameIssuerBonds', () => {
  it('lists the issuer’s other bonds, each linking to its page, and loads more by cursor', async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch()
    fake.on(
      'POST',
      PATH,
      { body: { results: OTHER_GSECS.slice(0, 2), next_cursor: 'c2' } },
      { body: { results: OTHER_GSECS.slice(2), next_cursor: null } },
    )
    renderSecurity(<SameIssuerBonds bond={bondInfo()} />, { fake })
    expect(
      screen.getByRole('status', { name: 'Loading bonds of the same issuer' }),
    ).toBeInTheDocument()
    const section = await screen.findByRole('region', { name: 'More bonds of Government of India' })
    const link = await within(section).findByRole('link', { name: '7.18% GS 2033' })
    expect(link).toHaveAttribute('href', '/security/IN0020230085')
    expect(within(section).getByText('2 shown, more available')).toBeInTheDocument()
    await user.click(within(section).getByRole('button', { name: 'Show more' }))
    expect(await within(section).findByRole('link', { name: '6.54% GS 2012' })).toBeInTheDocument()
    expect(within(section).getByText('Matured')).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument()
    expect(fake.callsTo('POST', PATH).map((c) => c.body)).toEqual([
      { pagination_params: { cursor: null, limit: 20 } },
      { pagination_params: { cursor: 'c2', limit: 20 } },
    ])
  })

  it('says when the issuer has no other bond', async () => {
    const fake = createFakeFetch()
    fake.on('POST', PATH, { body: { results: [], next_cursor: null } })
    renderSecurity(<SameIssuerBonds bond={bondInfo()} />, { fake })
    expect(await screen.findByText('No other bonds of this issuer')).toBeInTheDocument()
  })

  it('shows a failure with a retry', async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch()
    fake.on('POST', PATH, 'network-error', { body: { results: OTHER_GSECS, next_cursor: null } })
    renderSecurity(<SameIssuerBonds bond={bondInfo()} />, { fake })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The issuer’s other bonds could not be loaded.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: '7.26% GS 2029' })).toBeInTheDocument()
  })
})
