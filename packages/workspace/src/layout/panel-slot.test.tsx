import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createPanelHost, PanelSlot } from './panel-slot.tsx'

// Two layouts drawing the same panel one after the other (the first paint's, then the library's):
// the content element moves, and what the move would lose comes with it.
function Layout({ which, host }: { which: 'light' | 'full'; host: HTMLElement }) {
  return which === 'light' ? (
    <section aria-label="light">
      <div data-testid="box-light">
        <PanelSlot id="chat" host={host} onShown={() => undefined} />
      </div>
    </section>
  ) : (
    <article aria-label="full">
      <div data-testid="box-full">
        <PanelSlot id="chat" host={host} onShown={() => undefined} />
      </div>
    </article>
  )
}

describe('PanelSlot', () => {
  it('moves the panel’s element into the new layout with its scroll and focus', () => {
    const host = createPanelHost('chat')
    const input = document.createElement('input')
    input.setAttribute('aria-label', 'Draft')
    host.append(input)
    const shown: string[] = []
    const view = render(
      <section>
        <div data-testid="box-light">
          <PanelSlot id="chat" host={host} onShown={(id) => shown.push(id)} />
        </div>
      </section>,
    )
    expect(shown).toEqual(['chat'])
    expect(screen.getByTestId('box-light')).toContainElement(input)
    screen.getByTestId('box-light').scrollTop = 120
    input.focus()
    view.rerender(<Layout which="full" host={host} />)
    const box = screen.getByTestId('box-full')
    expect(box).toContainElement(input)
    expect(box.scrollTop).toBe(120)
    expect(input).toHaveFocus()
    expect(host.style.display).toBe('contents')
    expect(host.dataset.panelHost).toBe('chat')
  })

  it('leaves the element out of the page when the panel is no longer shown', () => {
    const host = createPanelHost('rfq')
    const view = render(<PanelSlot id="rfq" host={host} onShown={() => undefined} />)
    expect(host.isConnected).toBe(true)
    view.unmount()
    expect(host.isConnected).toBe(false)
  })
})
