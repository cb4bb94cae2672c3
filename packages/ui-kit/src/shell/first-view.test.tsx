import { render } from '@testing-library/react'
import { useRef } from 'react'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FirstViewProvider, useFirstViewInert, type FirstView } from './first-view.tsx'
import { mountApp } from './mount-app.tsx'

// React's own scheduler, as in the browser (act() would hide when the hydration commits).
const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT') as unknown
beforeAll(() => Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false))
afterAll(() => Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment))

let renders = 0

function Field() {
  const input = useRef<HTMLInputElement>(null)
  const inert = useFirstViewInert(input)
  renders += 1
  return <input ref={input} aria-label="Search bonds" inert={inert} />
}

/** The page, as prerendered at /find and as the app hydrates it. */
function Page({ view }: { view: FirstView }) {
  return (
    <FirstViewProvider value={view}>
      <Field />
    </FirstViewProvider>
  )
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i += 1) await new Promise((r) => setTimeout(r, 5))
}

describe('useFirstViewInert', () => {
  it('keeps a first view’s control inert until the hydration commits, then frees it without a render', async () => {
    const html = renderToString(<Page view={{ path: '/find' }} />)
    expect(html).toContain('inert')
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const field = container.querySelector('input')
    expect(field?.hasAttribute('inert')).toBe(true)
    renders = 0

    const view = { path: '/find' }
    const root = mountApp(<Page view={view} />, { container, hydrate: true })
    await until(() => !field?.hasAttribute('inert'))

    expect(container.querySelector('input')).toBe(field)
    expect(field?.hasAttribute('inert')).toBe(false)
    // The hydrating render alone (twice in StrictMode): freeing the field rendered nothing.
    expect(renders).toBe(2)
    root.unmount()

    // Mounted later in the same app (another visit to the page): never inert.
    const later = render(<Page view={view} />)
    expect(later.getByRole('textbox', { name: 'Search bonds' }).hasAttribute('inert')).toBe(false)
  })

  it('never makes a control inert where there is no first view', () => {
    const { getByRole } = render(<Field />)
    expect(getByRole('textbox', { name: 'Search bonds' }).hasAttribute('inert')).toBe(false)
  })
})
