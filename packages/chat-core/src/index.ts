/** The provider port: what the chat UI and the session need from a chat backend. */
export type {
  ChannelCollection,
  ChannelRemovedReason,
  ChatProvider,
  ChatProviderEvents,
  ChatReceipt,
  ChatUser,
  CollectionChange,
  ConnectOptions,
  ConnectionEvent,
  CreateChannelInput,
  FileInput,
  MessageCollection,
  MessageLoadHandlers,
  OutgoingMessage,
  SendState,
  Sending,
  SessionEvent,
  TextInput,
} from './port.ts'

/** The chat session: every client rule of the spec, whatever the provider. */
export { createChatSession } from './session/session.ts'
export type {
  ChatNotice,
  ChatSession,
  ChatSessionOptions,
  ChatSessionState,
  ChatStatus,
} from './session/session.ts'

/** The providers: the product's own chat service (default) and Sendbird (loaded lazily). */
export { createLocalProvider } from './providers/local/provider.ts'
export type { LocalProviderOptions } from './providers/local/provider.ts'
export { createFetchChatHttp } from './providers/local/http.ts'
export type { ChatHttp, ChatHttpRequest } from './providers/local/http.ts'
export type { SocketLike } from './providers/local/socket.ts'
export { createChatProvider, loadSendbirdProvider } from './providers/choose.ts'
export type { ChatProviderConfig } from './providers/choose.ts'
export type { SendbirdProviderOptions } from './providers/sendbird/provider.ts'

/** Chat errors of spec section 8, and provider failures. */
export { CHAT_ERRORS, ChatError, ChatProviderError } from './model/errors.ts'
export type { ChatErrorCode, ChatFailureCode } from './model/errors.ts'

/** The spec's channel rules as data: sorting, hiding, metadata. */
export {
  channelData,
  channelSortTime,
  isFromBroadcast,
  isHiddenChannel,
  memberMeta,
  otherMember,
  sortChannels,
  visibleChannels,
} from './model/channel-rules.ts'
export type { ChannelData, MemberMeta } from './model/channel-rules.ts'
/** How people appear: staff naming, channel names, broker-to-broker, avatar colour. */
export {
  AVATAR_COLOURS,
  avatarColour,
  channelDisplayName,
  isAtBottom,
  isBrokerToBroker,
  memberDisplayName,
} from './model/people.ts'
export type { AvatarColour, BrokerToBrokerInput } from './model/people.ts'
/** Buzz and the declined-invitation notice. */
export { isBuzz } from './model/buzz.ts'
export type { BuzzState } from './model/buzz.ts'
export { declinedInvite, declinedNotice } from './model/decline.ts'
/** How a file message shows: image, video (QuickTime on Safari too) or file. */
export { isSafari, mediaKind } from './model/media.ts'
export type { MediaKind } from './model/media.ts'
export type { ChatClock } from './model/clock.ts'
