import { useLayoutEffect } from 'react'
import { holdFirstView, revealApp } from './first-view.ts'

/**
 * Reveal the app in the commit that renders a page (AppLayout calls it). Layout effects run
 * children first, so a page's hold is taken before this runs.
 */
export function useRevealApp(): void {
  useLayoutEffect(() => revealApp(), [])
}

/**
 * Keep the prerendered first view on screen while `pending` (a page whose first view needs data:
 * the security page until its bond arrives); released in the commit that renders the data.
 */
export function useHoldFirstView(pending: boolean): void {
  useLayoutEffect(() => (pending ? holdFirstView() : undefined), [pending])
}
