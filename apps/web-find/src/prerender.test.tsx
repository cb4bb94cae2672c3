import { describe, expect, it } from 'vitest'
import { NAME_SLOT, renderFirstViews } from './prerender.tsx'

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
