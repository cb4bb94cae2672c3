import { StrictMode, startTransition, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'

/**
 * Render an app into `#root`. The first render is a transition, so React renders it in slices
 * and the browser stays responsive while a large page mounts (its prerendered first view, if any,
 * stays on screen meanwhile).
 */
export function mountApp(app: ReactNode, container = document.getElementById('root')): void {
  if (!container) throw new Error('#root is missing from index.html')
  const root = createRoot(container)
  startTransition(() => {
    root.render(<StrictMode>{app}</StrictMode>)
  })
}
