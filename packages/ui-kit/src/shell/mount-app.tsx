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
 * server sent, so nothing on screen is replaced. Otherwise the first render is a transition, so
 * React renders it in slices and the browser stays responsive while a large page mounts. Returns
 * the React root (a test unmounts it, so no work is left scheduled after it).
 */
export function mountApp(app: ReactNode, options: MountAppOptions = {}): Root {
  const container = options.container ?? document.getElementById(ROOT_ID)
  if (!container) throw new Error(`#${ROOT_ID} is missing from index.html`)
  const element = <StrictMode>{app}</StrictMode>
  if (options.hydrate) return hydrateRoot(container, element)
  const root = createRoot(container)
  startTransition(() => {
    root.render(element)
  })
  return root
}
