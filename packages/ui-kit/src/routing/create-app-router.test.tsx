import { render, screen } from '@testing-library/react'
import { RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { BondsProvider } from '../shell/provider.tsx'
import { appRouteObjects, createAppMemoryRouter, type RouteGuard } from './create-app-router.tsx'

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
})
