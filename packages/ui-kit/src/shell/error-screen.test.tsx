import { matchRoute } from '@bonds/domain'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { BondsProvider } from './provider.tsx'
import {
  ErrorScreen,
  errorScreenLayout,
  NotFoundPage,
  type UpgradeRequestOutcome,
} from './error-screen.tsx'

function renderScreen(ui: React.ReactNode) {
  return render(<BondsProvider env="test">{ui}</BondsProvider>)
}

describe('ErrorScreen', () => {
  it.each([
    [410, 'Invitation URL invalid', 'If the problem persists, please contact us'],
    [404, 'Not Found', "It looks like the page doesn't exist - please check the URL and try again"],
    [500, 'Internal Server Error', null],
    [
      401,
      'Access Denied',
      'You do not have permissions to access this page. Please contact your administrator',
    ],
    [402, 'Premium', 'Upgrade to premium plan to start'],
    [418, 'Something went wrong...', null],
  ])('status %i shows "%s"', (status, title, text) => {
    renderScreen(<ErrorScreen status={status} />)
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument()
    if (text) expect(screen.getByText(text)).toBeInTheDocument()
  })

  it('shows the 410 links', () => {
    renderScreen(<ErrorScreen status={410} />)
    for (const name of ['Our Website', 'Read our blog', 'Learn more']) {
      // Each leads to a page the product has (issue 16: no link to something that does not exist).
      const href = screen.getByRole('link', { name }).getAttribute('href') ?? ''
      expect(matchRoute(href)?.route.access, name).toBe('public')
    }
  })

  it('offers Back to Home above 200 except 402', () => {
    const { unmount } = renderScreen(<ErrorScreen status={401} />)
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
    unmount()
    renderScreen(<ErrorScreen status={402} />)
    expect(screen.queryByRole('link', { name: 'Back to Home' })).not.toBeInTheDocument()
  })

  it('shows only a warning icon for 200', () => {
    renderScreen(<ErrorScreen status={200} />)
    expect(screen.getByRole('img', { name: 'Warning' })).toBeInTheDocument()
    expect(screen.queryByRole('heading')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Back to Home' })).not.toBeInTheDocument()
  })

  it('uses a 500px panel for 402 and 782px for the others', () => {
    const { container, unmount } = renderScreen(<ErrorScreen status={402} />)
    expect(container.querySelector('[data-status="402"]')).toHaveStyle({ maxWidth: '500px' })
    unmount()
    const other = renderScreen(<ErrorScreen status={404} />)
    expect(other.container.querySelector('[data-status="404"]')).toHaveStyle({ maxWidth: '782px' })
  })

  it('lists the premium features and calls Request Upgrade', async () => {
    const onRequestUpgrade = vi.fn(async () => undefined)
    renderScreen(<ErrorScreen status={402} onRequestUpgrade={onRequestUpgrade} />)
    expect(screen.getByText('Execute trades from a single screen')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Request Upgrade' }))
    expect(onRequestUpgrade).toHaveBeenCalledOnce()
    // A request that failed (its toast said so) leaves nothing under the button.
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('says when the request was filed, and on a second click that it is already requested', async () => {
    const onRequestUpgrade = vi
      .fn<() => Promise<UpgradeRequestOutcome>>()
      .mockResolvedValueOnce({ requestedAt: '2026-11-26T07:05:00Z', alreadyRequested: false })
      .mockResolvedValueOnce({ requestedAt: '2026-11-26T07:05:00Z', alreadyRequested: true })
    renderScreen(<ErrorScreen status={402} onRequestUpgrade={onRequestUpgrade} />)
    const button = screen.getByRole('button', { name: 'Request Upgrade' })
    await userEvent.click(button)
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Requested on 26-Nov-2026, 12:35 IST.',
    )
    await userEvent.click(button)
    expect(screen.getByRole('status')).toHaveTextContent(
      'Already requested on 26-Nov-2026, 12:35 IST. We will update you shortly via email.',
    )
    expect(onRequestUpgrade).toHaveBeenCalledTimes(2)
  })

  it('shows "Page not found" and the path on the 404 page', () => {
    renderScreen(<NotFoundPage path="/nope" />)
    expect(screen.getByText('Page not found')).toBeInTheDocument()
    expect(screen.getByText('/nope')).toBeInTheDocument()
  })
})

describe('errorScreenLayout', () => {
  it("uses the route's layout, else dart when logged in, else nofooter", () => {
    expect(errorScreenLayout('settings', true)).toBe('settings')
    expect(errorScreenLayout(undefined, true)).toBe('dart')
    expect(errorScreenLayout(undefined, false)).toBe('nofooter')
  })
})
