import { render, screen } from '@testing-library/react'
import { BondsProvider } from '@bonds/ui-kit'
import { renderWithStore } from '@bonds/ui-kit/testing'
import type { ComponentType } from 'react'
import { describe, expect, it } from 'vitest'
import { HomePage } from './home-page.tsx'
import { AboutPage, ProductDartPage, ProductFindPage, ProductMindPage } from './pages.tsx'
import {
  BestPracticesPage,
  ChatPolicyPage,
  ContactPage,
  DataSecurityPage,
  PrivacyPage,
  TermsPage,
} from './policy-pages.tsx'

const PAGES: readonly [string, ComponentType, RegExp][] = [
  ['home', HomePage, /Price India’s bonds/],
  ['about', AboutPage, /About Bonds Workspace/],
  ['dart', ProductDartPage, /dart: the trading workspace/],
  ['find', ProductFindPage, /find: search and price/],
  ['mind', ProductMindPage, /mind: an analyst/],
  ['best practices', BestPracticesPage, /Best practices/],
  ['chat policy', ChatPolicyPage, /Chat policy/],
  ['contact', ContactPage, /Contact/],
  ['data security', DataSecurityPage, /Data security/],
  ['privacy', PrivacyPage, /Privacy/],
  ['terms', TermsPage, /Terms of use/],
]

describe('marketing pages', () => {
  it.each(PAGES)('%s page has one h1 and sections', (_name, Page, heading) => {
    renderWithStore(<Page />)
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading)
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0)
  })

  it('home links to the three products and to search', () => {
    render(
      <BondsProvider env="test">
        <HomePage />
      </BondsProvider>,
    )
    for (const href of ['/product/dart', '/product/find', '/product/mind', '/find']) {
      expect(document.querySelector(`a[href="${href}"]`)).not.toBeNull()
    }
  })

  it('the dart product page carries the workspace tab texts', () => {
    render(
      <BondsProvider env="test">
        <ProductDartPage />
      </BondsProvider>,
    )
    expect(
      screen.getByText('Private runs: Quotes from across your chats will be displayed here.'),
    ).toBeInTheDocument()
  })
})

describe('what the pages claim', () => {
  it('home says what works today and marks what is being built', () => {
    render(
      <BondsProvider env="test">
        <HomePage />
      </BondsProvider>,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'What you can do today' })).toBeVisible()
    expect(screen.queryByText(/How a trade moves/)).toBeNull()
    const mind = screen.getByRole('link', { name: /^mind/ })
    expect(mind).toHaveTextContent('Being built')
  })

  it('the policies send readers to pages that exist, never to a Help menu', () => {
    renderWithStore(
      <>
        <PrivacyPage />
        <ContactPage />
      </>,
    )
    expect(screen.queryByText(/Help menu/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact')
  })

  it('the contact page carries the support package’s contact form', () => {
    renderWithStore(<ContactPage />)
    expect(screen.getByRole('form', { name: 'Contact us' })).toBeInTheDocument()
  })
})
