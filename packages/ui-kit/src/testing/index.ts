/** Render a screen as an app does: a fresh store over a scripted fetch and a fake trade socket. */
export { createTestStore, renderWithStore } from './render-with-store.tsx'
export type { RenderWithStoreOptions, TestStoreOptions } from './render-with-store.tsx'
/** A fresh store over a scripted client, for stories of screens that read the store. */
export { StoreProvider } from './store-provider.tsx'
export type { StoreProviderProps } from './store-provider.tsx'
/** A fresh store whose calls answer from a table of `METHOD path` (stories of feature screens). */
export { WithAnswers } from './story-answers.tsx'
export type { StoryAnswers, WithAnswersProps } from './story-answers.tsx'
