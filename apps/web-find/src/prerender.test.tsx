import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NAME_SLOT, renderFirstViews, startAfterFirstPaint } from './prerender.tsx'

describe('the prerendered first views', () => {
  const views = renderFirstViews()

  it('renders /find as the app first shows it: heading, search, filters, loading rows', () => {
    const html = views['/find'] ?? ''
    expect(html).toMatch(/<h1[^>]*>Find a bond<\/h1>/)
    expect(html).toContain('placeholder="Search for Bonds by Name, ISIN, Issuer..."')
    expect(html).toContain('Filters')
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('Bonds Workspace')
  })

  it('leaves the bond name of /security/{id} for the server to fill in', () => {
    const html = views['/security/:id'] ?? ''
    expect(html).toMatch(new RegExp(`<h1[^>]*>${NAME_SLOT}</h1>`))
    expect(html).toContain('aria-label="Loading the bond"')
  })
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
