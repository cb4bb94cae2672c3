import { render } from '@testing-library/react'
import { act, useState, type ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppLayout } from './app-layout.tsx'
import { FIRST_VIEW_ID } from './first-view.ts'
import { BondsProvider } from './provider.tsx'
import { useHoldFirstView } from './use-first-view.ts'

/** The server's page: the prerendered first view before the app's root. */
beforeEach(() => {
  const first = document.createElement('div')
  first.id = FIRST_VIEW_ID
  first.textContent = 'prerendered'
  document.body.prepend(first)
})

afterEach(() => {
  document.getElementById(FIRST_VIEW_ID)?.remove()
})

const firstView = () => document.getElementById(FIRST_VIEW_ID)

function inLayout(page: ReactNode) {
  return (
    <BondsProvider env="test">
      <MemoryRouter initialEntries={['/find']}>
        <AppLayout layout="dart" app="find">
          {page}
        </AppLayout>
      </MemoryRouter>
    </BondsProvider>
  )
}

let setReady: (ready: boolean) => void = () => {}
function WaitingPage() {
  const [ready, set] = useState(false)
  setReady = set
  useHoldFirstView(!ready)
  return <p>{ready ? 'the bond' : 'loading'}</p>
}

describe('the prerendered first view', () => {
  it('goes in the commit that renders a page', () => {
    render(inLayout(<p>page</p>))
    expect(firstView()).toBeNull()
  })

  it('stays while the page holds it, and goes in the commit that renders its data', () => {
    const { getByText } = render(inLayout(<WaitingPage />))
    expect(firstView()).not.toBeNull()
    act(() => setReady(true))
    expect(getByText('the bond')).toBeInTheDocument()
    expect(firstView()).toBeNull()
  })

  it('goes when a holding page unmounts (a failure screen instead)', () => {
    const { rerender } = render(inLayout(<WaitingPage />))
    expect(firstView()).not.toBeNull()
    rerender(inLayout(<p>could not load</p>))
    expect(firstView()).toBeNull()
  })
})
