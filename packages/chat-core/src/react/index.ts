/** The chat screens: the dart Chat tab and the compliance officer's view of the firm's chats. */
export { ChatSurveillance, ChatTab, ChatTerms } from './chat-tab.tsx'
export type { ChatScreenProps } from './chat-tab.tsx'
/** The extension point for actions under a trading group's messages (e.g. "Create ticket"). */
export { offersMessageActions } from './message-actions.tsx'
export type { MessageActionContext, RenderMessageActions } from './message-actions.tsx'
export { ALL_CHANNEL_TYPES, ChatView, downloadRange } from './chat-view.tsx'
export type { ChatMode, ChatViewProps } from './chat-view.tsx'
/** The React binding of the session: context, state (useSyncExternalStore), the runtime. */
export {
  chatSocketUrl,
  ChatSessionProvider,
  playChatSound,
  providerConfig,
  useApiClient,
  useChatRuntime,
  useChatSession,
  useChatState,
} from './runtime.tsx'
export type { ChatRuntimeOptions, ChatSessionProviderProps } from './runtime.tsx'
/** The chat's own REST calls (chat profile, terms, people search). */
export {
  chatApi,
  useAcceptChatTermsMutation,
  useChatMeQuery,
  useSearchChatUsersQuery,
} from './api.ts'
export type { ChatUserSearch } from './api.ts'
/** The chat's connectivity notices ("You are offline", "Connected"). */
export { CHAT_OFFLINE_NOTICE_ID, useChatConnectivityNotices } from './connectivity.ts'
/** The mute setting of the chat's (and toasts') sounds, for /profile. */
