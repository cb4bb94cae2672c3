export { renderWithStore } from './render.tsx'
export type { RenderWithStoreOptions } from './render.tsx'
