// @bonds/analyst: mind's screens (issue 23). The engine the server runs is the pure entry
// `@bonds/analyst/engine`; the endpoints and hooks stay inside this package.

/** /mind and /mind/chat/{id}: the chats beside a conversation; ask, continue, rename, delete, share. */
export { MindChatScreen } from './screens/mind-chat-screen.tsx'
export type { MindChatScreenProps } from './screens/mind-chat-screen.tsx'
/** /mind/public/{id}: a shared chat, read-only. */
export { MindPublicScreen } from './screens/mind-public-screen.tsx'
/** /mind/preview: what mind does, sign in or request access. */
export { MindPreviewScreen } from './screens/mind-preview-screen.tsx'
export type { MindPreviewScreenProps } from './screens/mind-preview-screen.tsx'
