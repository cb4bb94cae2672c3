// A panel's content lives in an element of its own (a portal target the workspace keeps), and a
// slot puts that element where the layout shows the panel. So the content survives the layout
// being redrawn by other code (the first paint's light layout, then the library's, decision 346)
// or a tab moving between tabsets: its state, scroll positions and focus stay as they were.
import { useLayoutEffect, useRef } from 'react'

interface Kept {
  /** The slot's scroll container (its parent, which the layout replaces). */
  container: [number, number] | null
  /** Scrolled elements of the content. */
  scroll: [Element, number, number][]
  focused: HTMLElement | null
}

const kept = new WeakMap<HTMLElement, Kept>()

/** What moving `host` would lose: its own and its scroll container's scroll, and the focus. */
function keep(host: HTMLElement, container: Element | null) {
  const scroll: Kept['scroll'] = []
  const note = (el: Element) => {
    if (el.scrollTop || el.scrollLeft) scroll.push([el, el.scrollTop, el.scrollLeft])
  }
  for (const el of host.querySelectorAll('*')) note(el)
  const active = host.ownerDocument.activeElement
  kept.set(host, {
    container:
      container && (container.scrollTop || container.scrollLeft)
        ? [container.scrollTop, container.scrollLeft]
        : null,
    scroll,
    focused: active instanceof HTMLElement && host.contains(active) ? active : null,
  })
}

function restore(host: HTMLElement, container: Element | null) {
  const was = kept.get(host)
  if (!was) return
  kept.delete(host)
  if (container && was.container) [container.scrollTop, container.scrollLeft] = was.container
  for (const [el, top, left] of was.scroll) {
    el.scrollTop = top
    el.scrollLeft = left
  }
  if (was.focused?.isConnected) was.focused.focus({ preventScroll: true })
}

/** Props of PanelSlot. */
export interface PanelSlotProps {
  id: string
  host: HTMLElement
  /** Called when the slot is laid out (the panel is on screen). */
  onShown: (id: string) => void
}

/** Where a panel's content element goes in the layout. */
export function PanelSlot({ id, host, onShown }: PanelSlotProps) {
  const slot = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const el = slot.current
    if (!el) return
    el.appendChild(host)
    restore(host, el.parentElement)
    onShown(id)
    return () => {
      keep(host, el.parentElement)
      if (host.parentNode === el) el.removeChild(host)
    }
  }, [id, host, onShown])
  return <div ref={slot} style={{ display: 'contents' }} />
}

/** A panel's content element: laid out as if its children were the slot's parent's. */
export function createPanelHost(id: string): HTMLDivElement {
  const host = document.createElement('div')
  host.style.display = 'contents'
  host.dataset.panelHost = id
  return host
}
