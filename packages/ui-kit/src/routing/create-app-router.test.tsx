import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { ShellAccountProvider } from '../shell/account.tsx'
import { BondsProvider } from '../shell/provider.tsx'
import {
  appRouteObjects,
  createAppMemoryRouter,
  type AppRouterOptions,
  type RouteGuard,
} from './create-app-router.tsx'

const pages = {
  '/find': async () => ({ Page: () => <h1>Find page</h1> }),
  '/security/:id': async () => ({ Page: () => <h1>Security page</h1> }),
}

function renderAt(path: string, guard?: RouteGuard) {
  const router = createAppMemoryRouter({ app: 'find', pages, ...(guard ? { guard } : {}) }, path)
  render(
    <BondsProvider env="test">
      <RouterProvider router={router} />
    </BondsProvider>,
  )
}

describe('createAppRouter', () => {
  it('renders a page of the app inside its route layout', async () => {
    renderAt('/security/IN0020210244')
    expect(await screen.findByRole('heading', { name: 'Security page' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it('renders the 404 page with the path for anything else', async () => {
    renderAt('/find/unknown')
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
    expect(screen.getByText('/find/unknown')).toBeInTheDocument()
    // The title is set by an effect, after the screen's text is committed.
    await waitFor(() => expect(document.title).toBe('Not Found · Bonds Workspace'))
  })

  it("names the tab after the route, and leaves a record's page to name it", async () => {
    renderAt('/find')
    await screen.findByRole('heading', { name: 'Find page' })
    await waitFor(() => expect(document.title).toBe('Find a bond · Bonds Workspace'))
    cleanup()
    document.title = 'A bond · Bonds Workspace'
    renderAt('/security/IN0020210244')
    await screen.findByRole('heading', { name: 'Security page' })
    expect(document.title).toBe('A bond · Bonds Workspace')
  })

  it('refuses a page that is not in the route table', () => {
    expect(() =>
      appRouteObjects({ app: 'find', pages: { '/finder': async () => ({ Page: () => null }) } }),
    ).toThrow('page "/finder" is not in the route table')
  })

  it('keeps links to another app as full page loads and links within the app in the router', async () => {
    renderAt('/find')
    await screen.findByRole('heading', { name: 'Find page' })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const dart = nav.querySelector('a[href="/dart"]')
    const find = nav.querySelector('a[href="/find"]')
    expect(dart).not.toBeNull()
    expect(find).toHaveAttribute('aria-current', 'page')
  })

  it('shows the 401 "Access Denied" screen when the guard denies the page', async () => {
    renderAt('/find', async () => ({ kind: 'denied', status: 401 }))
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Find page' })).toBeNull()
    // The loading frame named the tab after the route; the error screen's effect renames it.
    await waitFor(() => expect(document.title).toBe('Access Denied · Bonds Workspace'))
  })

  it('asks the guard with the path and query, and renders the page it allows', async () => {
    const asked: string[] = []
    renderAt('/security/IN0020210244?tab=terms', async (route, path) => {
      asked.push(`${route.path} ${path}`)
      return { kind: 'allow' }
    })
    expect(await screen.findByRole('heading', { name: 'Security page' })).toBeInTheDocument()
    expect(asked).toEqual(['/security/:id /security/IN0020210244?tab=terms'])
  })

  it('shows the 402 screen whose "Request Upgrade" asks with the path', async () => {
    const requestUpgrade = vi.fn(async () => ({
      requestedAt: '2026-11-20T04:30:00Z',
      alreadyRequested: true,
    }))
    const router = createAppMemoryRouter(
      {
        app: 'dart',
        pages: {},
        guard: async () => ({ kind: 'denied', status: 402 }),
        requestUpgrade,
      },
      '/inventory?tab=holdings',
    )
    render(
      <BondsProvider env="test">
        <RouterProvider router={router} />
      </BondsProvider>,
    )
    expect(await screen.findByText('Upgrade to premium plan to start')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Back to Home' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Request Upgrade' }))
    expect(requestUpgrade).toHaveBeenCalledWith('/inventory?tab=holdings')
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Already requested on 20-Nov-2026, 10:00 IST.',
    )
  })

  it('reports a page that throws while rendering, and shows the error screen', async () => {
    const reportError = vi.fn()
    const boom = new Error('render failed')
    const router = createAppMemoryRouter(
      {
        app: 'find',
        pages: {
          '/find': async () => ({
            Page: () => {
              throw boom
            },
          }),
        },
        reportError,
      },
      '/find',
    )
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <BondsProvider env="test">
        <RouterProvider router={router} />
      </BondsProvider>,
    )
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument()
    await waitFor(() => expect(reportError).toHaveBeenCalledWith(boom))
    quiet.mockRestore()
  })

  it('guards a route of the app whose page is not built yet, then shows "Page not found"', async () => {
    const asked: string[] = []
    const options: AppRouterOptions = {
      app: 'dart',
      pages: {},
      guard: async (_route, path) => {
        asked.push(path)
        return { kind: 'allow' }
      },
    }
    render(
      <BondsProvider env="test">
        <ShellAccountProvider
          value={{
            status: 'signed-in',
            account: {
              name: 'A B',
              email: 'a@b.in',
              roles: [],
              permissions: [],
              rfqExchanges: [],
              tier: 'PREMIUM',
            },
          }}
        >
          <RouterProvider router={createAppMemoryRouter(options, '/inventory')} />
        </ShellAccountProvider>
      </BondsProvider>,
    )
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
    expect(asked).toEqual(['/inventory'])
  })

  it('turns the next navigation into a full page load once the build is stale', async () => {
    const updates = {
      stale: false,
      checkVersion: async () => {},
      poll: async () => {},
      chunkFailed: () => {},
      start: () => () => {},
    }
    const router = createAppMemoryRouter({ app: 'find', pages, updates }, '/find')
    render(
      <BondsProvider env="test">
        <RouterProvider router={router} />
      </BondsProvider>,
    )
    await screen.findByRole('heading', { name: 'Find page' })
    await router.navigate('/security/IN0020210244')
    expect(await screen.findByRole('heading', { name: 'Security page' })).toBeInTheDocument()
    updates.stale = true
    await router.navigate('/find')
    // A document redirect leaves the router where it was (the browser would load /find afresh).
    expect(router.state.location.pathname).toBe('/security/IN0020210244')
  })

  it('marks the build stale when a page chunk fails to load', async () => {
    const chunkFailed = vi.fn()
    const updates = {
      stale: false,
      checkVersion: async () => {},
      poll: async () => {},
      chunkFailed,
      start: () => () => {},
    }
    const failing = {
      ...pages,
      '/security/:id': async (): Promise<{ Page: () => null }> => {
        throw new TypeError('Failed to fetch dynamically imported module: /find/assets/x.js')
      },
    }
    const router = createAppMemoryRouter({ app: 'find', pages: failing, updates }, '/find')
    render(
      <BondsProvider env="test">
        <RouterProvider router={router} />
      </BondsProvider>,
    )
    await screen.findByRole('heading', { name: 'Find page' })
    await router.navigate('/security/IN0020210244')
    expect(await screen.findByText('A newer version is out')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    expect(chunkFailed).toHaveBeenCalledOnce()
  })
})
