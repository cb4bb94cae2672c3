import { startBondsApp } from '@bonds/auth'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { pages } from './app/routes.ts'
import { appSession } from './app/session.ts'
import { NAME_SLOT, renderFirstViews, startAfterFirstPaint } from './prerender.tsx'

describe('the prerendered first views', () => {
  let views: Record<string, string> = {}
  beforeAll(async () => {
    views = await renderFirstViews()
  })

  it('renders /find as the app first shows it: heading, search, filters, loading rows', () => {
    const html = views['/find'] ?? ''
    expect(html).toMatch(/<h1[^>]*>Find a bond<\/h1>/)
    expect(html).toContain('placeholder="Search for Bonds by Name, ISIN, Issuer..."')
    expect(html).toContain('Filters')
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('Bonds Workspace')
    // Controls wait for the app; the text does not.
    expect(html).toMatch(/<input[^>]*inert=""[^>]*aria-label="Search bonds"/)
    expect(html).not.toContain('aria-hidden="true"><h1')
  })

  it('leaves the bond name of /security/{id} for the server to fill in', () => {
    const html = views['/security/:id'] ?? ''
    expect(html).toMatch(new RegExp(`<h1[^>]*>${NAME_SLOT}</h1>`))
    expect(html).toContain('aria-label="Loading the bond"')
  })

  // The server's page: the first view with its slots filled, as the server fills them.
  const pagesToHydrate = [
    { route: '/find', path: '/find', name: undefined, scheme: 'light' },
    {
      route: '/security/:id',
      path: '/security/IN0020210244',
      name: '6.54% GS 2032',
      scheme: 'dark',
    },
  ] as const
  // A signed-in reader: the header's account control comes after hydration, not in it.
  beforeEach(() => localStorage.setItem('bonds-access-token', 'a.b.c'))
  for (const { route, path, name, scheme } of pagesToHydrate) {
    it(`is what the app renders first at ${path} (${scheme}): hydrated without a mismatch`, async () => {
      localStorage.setItem('bonds-color-scheme', scheme)
      const html = (views[route] ?? '')
        .replaceAll('__FIRST_VIEW_ID__', path.split('/').at(-1) ?? '')
        .replaceAll(NAME_SLOT, name ?? '')
      const nameAttribute = name === undefined ? '' : ` data-first-view-name="${name}"`
      document.body.innerHTML = `<div id="root" data-first-view-path="${path}"${nameAttribute}>${html}</div>`
      window.history.replaceState(null, '', path)
      const heading = screen.getByRole('heading', { level: 1 })
      const errors = vi.spyOn(console, 'error')
      const reported = vi.fn()
      window.addEventListener('error', reported)
      // No answer from the server in this test: the page stays at its first view.
      vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}))
      const app = await startBondsApp({
        app: 'find',
        pages,
        appSession,
        buildId: 'test',
        base: '/find/',
      })
      // Hydrated: the first view's controls are freed as the hydration commits (the test must not
      // unmount a root still hydrating in slices), and the theme toggle's title is read after it.
      await waitFor(() => expect(document.querySelector('[inert]')).toBeNull())
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Toggle color scheme' })).toHaveAttribute(
          'title',
          `Switch to ${scheme === 'dark' ? 'light' : 'dark'} theme`,
        ),
      )
      // The same element: adopted by React, not replaced.
      expect(screen.getByRole('heading', { level: 1 })).toBe(heading)
      expect(errors).not.toHaveBeenCalled()
      expect(reported).not.toHaveBeenCalled()
      window.removeEventListener('error', reported)
      // Nothing of the app left to run once the test (and its page) is gone.
      act(() => app.unmount())
    })
  }
})

describe('starting the app after the first paint', () => {
  const script = startAfterFirstPaint(
    '/find/assets/index-A.js',
    ['/find/assets/react-B.js', '/find/assets/runtime-C.js'],
    ['/find/assets/page-D.js', '/find/assets/terms-E.js', '/find/assets/input-F.js'],
  )
  const added = () =>
    [...document.head.querySelectorAll('script[type=module], link[rel=modulepreload]')].map(
      (e) => e.getAttribute('src') ?? e.getAttribute('href'),
    )
  // Frames come when the test says: each call runs the callbacks asked for so far.
  let frames: FrameRequestCallback[] = []
  const paint = () => frames.splice(0).forEach((f) => f(0))
  beforeEach(() => {
    frames = []
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f))
    vi.useFakeTimers({ toFake: ['setTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    document.head.querySelectorAll('script, link').forEach((e) => e.remove())
  })

  it('adds the preloads, the entry, then the route chunks, once the first frame is painted', () => {
    new Function(script)()
    expect(added()).toEqual([])
    paint()
    expect(added()).toEqual([])
    vi.advanceTimersToNextTimer()
    // A few per task, the entry with the first of them.
    expect(added()).toEqual([
      '/find/assets/react-B.js',
      '/find/assets/runtime-C.js',
      '/find/assets/index-A.js',
      '/find/assets/page-D.js',
    ])
    vi.advanceTimersToNextTimer()
    expect(added()).toHaveLength(6)
    const entry = document.head.querySelector('script[type=module]') as HTMLScriptElement
    expect(entry.getAttribute('crossorigin')).toBe('')
    expect(document.head.querySelector('link')?.getAttribute('crossorigin')).toBe('')
    vi.advanceTimersByTime(5000)
    expect(added()).toHaveLength(6)
  })

  it('starts anyway when no frame comes (a background tab)', () => {
    new Function(script)()
    vi.advanceTimersByTime(2999)
    expect(added()).toEqual([])
    vi.advanceTimersByTime(1)
    expect(added()).toHaveLength(4)
  })
})
