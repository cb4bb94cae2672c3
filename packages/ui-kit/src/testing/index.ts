/** Render a screen as an app does: a fresh store over a scripted fetch and a fake trade socket. */
export { renderWithStore } from './render-with-store.tsx'
export type { RenderWithStoreOptions } from './render-with-store.tsx'
