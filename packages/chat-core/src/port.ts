// The provider port (issue 20): what the chat UI and the session need from a chat backend,
// whichever it is (the product's own chat service, or Sendbird). Data travels in the wire shapes
// of `@bonds/domain` (spec section 3's names); a provider maps its own objects into them.
import type { ChatChannel, ChatChannelType, ChatMessage } from '@bonds/domain'
import type { ChatFailureCode } from './model/errors.ts'

/** Connection events (spec section 4: connected or reconnect succeeded means online). */
export type ConnectionEvent =
  'connected' | 'disconnected' | 'reconnect_started' | 'reconnect_succeeded' | 'reconnect_failed'

/** Session events: the provider needs a new token, or the session ended for good. */
export type SessionEvent = { type: 'token_required' } | { type: 'closed'; code: ChatFailureCode }

/** Why a channel left my list. */
export type ChannelRemovedReason = 'left' | 'banned' | 'declined' | 'deleted'

/** What a provider tells its listeners. */
export interface ChatProviderEvents {
  connection: (event: ConnectionEvent) => void
  session: (event: SessionEvent) => void
  /**
   * Messages of someone else (or mine from another device) arrived in a channel of mine, oldest
   * first: one at a time live, a whole run at once when a reconnect replays a gap, so a listener
   * does its work (merge, mark read, sound, re-sort) once per run rather than once per message.
   */
  messages: (channelUrl: string, messages: readonly ChatMessage[]) => void
  /** A channel of mine is new or changed (members, operators, name, unread count…). */
  channel: (channel: ChatChannel) => void
  channelRemoved: (channelUrl: string, reason: ChannelRemovedReason) => void
  /** A member was banned from a channel of mine (me, when I was the one banned). */
  userBanned: (channelUrl: string, userId: string) => void
  /** Someone read or received a channel's messages up to a message. */
  receipt: (receipt: ChatReceipt) => void
}

/** A read or delivered mark of another member. */
export interface ChatReceipt {
  channelUrl: string
  userId: string
  kind: 'read' | 'delivered'
  messageId: number
  at: number
}

/** Who I am to the chat provider once connected. */
export interface ChatUser {
  userId: string
  nickname: string
}

/** Where an outgoing message is. */
export type SendState = 'pending' | 'succeeded' | 'failed'

/** An outgoing message: its request id, its state, and the stored message once it succeeded. */
export interface OutgoingMessage {
  reqId: string
  channelUrl: string
  state: SendState
  /** The text, or the file's name, as the composer sent it. */
  preview: string
  /** The stored message (state succeeded). */
  message: ChatMessage | null
  /** Why it failed (state failed). */
  error: string | null
}

/** A send in flight: read its state, wait for its end. */
export interface Sending {
  readonly reqId: string
  current(): OutgoingMessage
  /** Called on every state change; returns the unsubscribe. */
  subscribe(listener: (outgoing: OutgoingMessage) => void): () => void
  /** Resolves with the stored message, rejects with the failure. */
  readonly done: Promise<ChatMessage>
}

/** A text message (a buzz is a text message with custom type `buzz` and data `{"type":"buzz"}`). */
export interface TextInput {
  message: string
  customType?: string
  /** Re-send with the same request id after a failure (idempotent on the server). */
  reqId?: string
}

/** A file message (spec section 7: file, fileName, mimeType). */
export interface FileInput {
  file: Blob
  fileName: string
  mimeType: string
  reqId?: string
}

/** What a channel is created with (spec section 7). */
export interface CreateChannelInput {
  customType: ChatChannelType
  name?: string
  invitedUserIds: string[]
  operatorUserIds?: string[]
  isDistinct?: boolean
}

/** A change of a collection. */
export interface CollectionChange<T> {
  added: T[]
  updated: T[]
  removed: string[]
}

/** All my channels, page by page. */
export interface ChannelCollection {
  readonly channels: readonly ChatChannel[]
  readonly hasMore: boolean
  /** The next page (a call while one loads answers the same promise). */
  loadMore(): Promise<ChatChannel[]>
  subscribe(listener: (change: CollectionChange<ChatChannel>) => void): () => void
  dispose(): void
}

/** What a message collection's first load reports. */
export interface MessageLoadHandlers {
  /** What the provider had cached (possibly nothing), before asking the server. */
  onCacheResult?: (messages: ChatMessage[]) => void
  /** The server's answer. */
  onApiResult?: (messages: ChatMessage[]) => void
}

/** One channel's messages, oldest first. */
export interface MessageCollection {
  readonly channelUrl: string
  readonly messages: readonly ChatMessage[]
  readonly hasPrevious: boolean
  readonly hasNext: boolean
  /** Cached result, then the server's. */
  initialize(handlers?: MessageLoadHandlers): Promise<ChatMessage[]>
  /** Older messages; a call while a load runs answers that load's promise (no parallel loads). */
  loadPrevious(): Promise<ChatMessage[]>
  /** Newer messages, guarded the same way. */
  loadNext(): Promise<ChatMessage[]>
  /** Messages arriving, changing or going while the collection is open. */
  subscribe(listener: (change: CollectionChange<ChatMessage>) => void): () => void
  dispose(): void
}

/** How a provider gets a new token after the first connect. */
export interface ConnectOptions {
  refreshToken?: () => Promise<string>
}

/** The provider port. */
export interface ChatProvider {
  readonly kind: 'local' | 'sendbird'
  /**
   * Connect as `userId` with a chat session token. Rejects with a `ChatProviderError` (no retry:
   * the session decides). Later, when a reconnect is refused for its token, the provider asks
   * `refreshToken` once for a new one.
   */
  connect(userId: string, token: string, options?: ConnectOptions): Promise<ChatUser>
  /** Close the connection (the session object removes the server session itself). */
  disconnect(): Promise<void>
  /** Forget every cached channel and message. */
  clearCache(): Promise<void>
  on<K extends keyof ChatProviderEvents>(event: K, listener: ChatProviderEvents[K]): () => void

  channelCollection(options?: { customType?: ChatChannelType }): ChannelCollection
  messageCollection(channelUrl: string): MessageCollection
  getChannel(channelUrl: string): Promise<ChatChannel>
  createChannel(input: CreateChannelInput): Promise<ChatChannel>

  sendText(channelUrl: string, input: TextInput): Sending
  sendFile(channelUrl: string, input: FileInput): Sending
  markAsRead(channelUrl: string): Promise<void>
  markAsDelivered(channelUrl: string): Promise<void>

  invite(channelUrl: string, userIds: string[]): Promise<ChatChannel>
  accept(channelUrl: string): Promise<ChatChannel>
  decline(channelUrl: string): Promise<void>
  leave(channelUrl: string): Promise<void>
  ban(channelUrl: string, userId: string, description?: string): Promise<void>
  unban(channelUrl: string, userId: string): Promise<void>
  addOperators(channelUrl: string, userIds: string[]): Promise<void>
  removeOperators(channelUrl: string, userIds: string[]): Promise<void>
}
