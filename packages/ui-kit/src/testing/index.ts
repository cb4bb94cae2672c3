/** Render a screen as an app does: a fresh store over a scripted fetch and a fake trade socket. */
export { createTestStore, renderWithStore } from './render-with-store.tsx'
export type { RenderWithStoreOptions, TestStoreOptions } from './render-with-store.tsx'
