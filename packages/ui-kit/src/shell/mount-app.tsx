import { StrictMode, startTransition, type ReactNode } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { ROOT_ID } from './first-view.tsx'

/** Options of mountApp. */
export interface MountAppOptions {
  /** The element to render into; `#root` by default. */
  container?: HTMLElement | null
  /** Hydrate the prerendered first view the container holds instead of rendering afresh. */
  hydrate?: boolean
}

/**
 * Render an app into `#root`. A prerendered first view is hydrated: React adopts the markup the
 * server sent, so nothing on screen is replaced. Otherwise it renders afresh. Either way the first
 * render is a transition, so React works in slices and the browser stays responsive (and answers
 * input) while a large page mounts: hydrated at its default lane, /find's first view was one
 * 300 ms task on Lighthouse's 4× CPU. Returns the React root (a test unmounts it, so no work is
 * left scheduled after it).
 */
export function mountApp(app: ReactNode, options: MountAppOptions = {}): Root {
  const container = options.container ?? document.getElementById(ROOT_ID)
  if (!container) throw new Error(`#${ROOT_ID} is missing from index.html`)
  const element = <StrictMode>{app}</StrictMode>
  if (options.hydrate) {
    let hydrated: Root | undefined
    // hydrateRoot schedules the hydration at once, in the lane of the update it is called in.
    startTransition(() => {
      hydrated = hydrateRoot(container, element)
    })
    if (!hydrated) throw new Error('hydrateRoot returned no root')
    return hydrated
  }
  const root = createRoot(container)
  startTransition(() => {
    root.render(element)
  })
  return root
}
