import { BondsProvider } from '@bonds/ui-kit'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SecurityDataAccess } from './access.ts'
import { GatedSection } from './gated-section.tsx'

function renderGated(access: SecurityDataAccess) {
  render(
    <BondsProvider env="test">
      <GatedSection
        title="Trade history"
        access={access}
        signInHref="/auth/login?redirect=%2Fsecurity%2FIN0020210244"
        unlocks="the trades of this bond"
      >
        <p>the trades</p>
      </GatedSection>
    </BondsProvider>,
  )
  return screen.getByRole('region', { name: 'Trade history' })
}

describe('GatedSection', () => {
  it('tells a visitor what signing in unlocks, with a sign-in link back to the page', () => {
    const section = renderGated('signed-out')
    expect(section).toHaveTextContent('Sign in to see the trades of this bond.')
    expect(within(section).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fsecurity%2FIN0020210244',
    )
    expect(within(section).queryByText('the trades')).not.toBeInTheDocument()
  })

  it('tells a signed-in user without the permission to ask for access', () => {
    const section = renderGated('denied')
    expect(section).toHaveTextContent(
      'Your account does not have access to security data, which shows the trades of this bond.',
    )
    expect(within(section).getByRole('link', { name: 'contact us' })).toHaveAttribute(
      'href',
      '/contact',
    )
    expect(within(section).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  })

  it('shows a skeleton while the session loads', () => {
    const section = renderGated('checking')
    expect(
      within(section).getByRole('status', { name: 'Checking access to Trade history' }),
    ).toBeInTheDocument()
    expect(within(section).queryByText('the trades')).not.toBeInTheDocument()
  })

  it('shows the content once access is granted', () => {
    const section = renderGated('granted')
    expect(within(section).getByText('the trades')).toBeInTheDocument()
    expect(within(section).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  })
})
