// `@bonds/chat-core`'s main entry: what apps, the server's contract test and the benches use to run a
// chat session over a provider (README "Public surface"). The rules, the port's parts and the
// providers' insides stay inside the package; the screens are `@bonds/chat-core/react`, the fakes
// and the contract suite `@bonds/chat-core/testing`.

/** The chat session: every client rule of the spec, whatever the provider. */
export { createChatSession } from './session/session.ts'
export type {
  ChatNotice,
  ChatSession,
  ChatSessionOptions,
  ChatSessionState,
  ChatStatus,
} from './session/session.ts'

/** What a session runs over: a provider (the session's `createProvider` answers one). */
export type { ChatProvider } from './port.ts'
export type { ChatClock } from './model/clock.ts'

/**
 * The providers: the configured one (the product's own chat service by default, Sendbird in a lazy
 * chunk when the server names an application), or the local one over an HTTP port and a socket.
 */
export { createChatProvider } from './providers/choose.ts'
export type { ChatProviderConfig } from './providers/choose.ts'
export { createLocalProvider } from './providers/local/provider.ts'
export type { LocalProviderOptions } from './providers/local/provider.ts'
export { createFetchChatHttp } from './providers/local/http.ts'
export type { ChatHttp, ChatHttpRequest } from './providers/local/http.ts'
export type { SocketLike } from './providers/local/socket.ts'

/** Chat errors of spec section 8, and provider failures by code. */
export { CHAT_ERRORS, ChatError, ChatProviderError } from './model/errors.ts'
export type { ChatErrorCode, ChatFailureCode } from './model/errors.ts'
