// The part of `@sendbird/chat` v4 the Sendbird provider uses, as structural types. The real SDK
// satisfies them (checked at compile time in sdk-check.ts); the fake in `../../testing` implements
// them. Names and shapes are the SDK's own.

/** A Sendbird user (`User`). */
export interface SbUser {
  readonly userId: string
  nickname: string
  metaData: object
  connectionStatus: string
}

/** A channel member (`Member`): role `operator` or `none`; state `joined`, `invited` or `none`. */
export interface SbMember extends SbUser {
  role: string | null
  state: string | null
}

/** A message (`BaseMessage`, with the fields of `UserMessage`, `FileMessage`, `AdminMessage`). */
export interface SbMessage {
  readonly messageId: number
  readonly channelUrl: string
  readonly messageType: string
  readonly customType: string | null
  readonly data: string | null
  readonly createdAt: number
  readonly reqId?: string
  readonly message?: string
  readonly name?: string
  readonly size?: number
  readonly url?: string
  readonly type?: string
  readonly sender?: { userId: string; nickname: string } | null
  readonly ogMetaData?: {
    title: string | null
    url: string | null
    description: string | null
  } | null
}

/** `MessageRequestHandler`: the pending, failed and succeeded callbacks of a send. */
export interface SbRequestHandler {
  onPending(handler: (message: SbMessage) => void): SbRequestHandler
  onFailed(handler: (error: Error, message: SbMessage | null) => void): SbRequestHandler
  onSucceeded(handler: (message: SbMessage) => void): SbRequestHandler
}

/** `MessageCollection` of one channel. */
export interface SbMessageCollection {
  readonly succeededMessages: SbMessage[]
  readonly hasPrevious: boolean
  readonly hasNext: boolean
  initialize(policy: never): {
    onCacheResult(handler: (error: Error | null, messages: SbMessage[] | null) => void): unknown
    onApiResult(handler: (error: Error | null, messages: SbMessage[] | null) => void): unknown
  }
  loadPrevious(): Promise<SbMessage[]>
  loadNext(): Promise<SbMessage[]>
  setMessageCollectionHandler(handler: {
    onMessagesAdded?: (context: unknown, channel: unknown, messages: SbMessage[]) => void
    onMessagesUpdated?: (context: unknown, channel: unknown, messages: SbMessage[]) => void
    onMessagesDeleted?: (context: unknown, channel: unknown, messageIds: number[]) => void
  }): void
  dispose(): void
}

/** `GroupChannel`. */
export interface SbGroupChannel {
  readonly url: string
  customType: string
  name: string
  memberCount: number
  isDistinct: boolean
  members: SbMember[]
  lastMessage: SbMessage | null
  unreadMessageCount: number
  createdAt: number
  invitedAt: number
  inviter: SbUser | null
  creator: SbUser | null
  myMemberState: string
  myRole: string
  data: string
  readonly cachedMetaData: object
  getReadStatus(includeAllMembers?: boolean): Record<string, { readAt: number }> | null
  sendUserMessage(params: { message: string; customType?: string; data?: string }): SbRequestHandler
  sendFileMessage(params: { file: Blob; fileName?: string; mimeType?: string }): SbRequestHandler
  markAsRead(): Promise<void>
  inviteWithUserIds(userIds: string[]): Promise<SbGroupChannel>
  acceptInvitation(): Promise<SbGroupChannel>
  declineInvitation(): Promise<unknown>
  leave(): Promise<void>
  banUserWithUserId(userId: string, seconds?: number, description?: string): Promise<void>
  unbanUserWithUserId(userId: string): Promise<void>
  addOperators(userIds: string[]): Promise<void>
  removeOperators(userIds: string[]): Promise<void>
  createMessageCollection(params?: { limit?: number; startingPoint?: number }): SbMessageCollection
  refresh(): Promise<SbGroupChannel>
}

/** `GroupChannelCollection`. */
export interface SbChannelCollection {
  readonly channels: SbGroupChannel[]
  readonly hasMore: boolean
  loadMore(): Promise<SbGroupChannel[]>
  /** The SDK types these channels as `BaseChannel`; a group channel collection holds group channels. */
  setGroupChannelCollectionHandler(handler: {
    onChannelsAdded?: (context: unknown, channels: object[]) => void
    onChannelsUpdated?: (context: unknown, channels: object[]) => void
    onChannelsDeleted?: (context: unknown, channelUrls: string[]) => void
  }): void
  dispose(): void
}

/** `GroupChannelCreateParams` the product uses (spec section 7). */
export interface SbCreateParams {
  invitedUserIds: string[]
  operatorUserIds?: string[]
  name?: string
  customType?: string
  isDistinct?: boolean
}

/** The `groupChannel` module of an initialised SDK. */
export interface SbGroupChannelModule {
  createChannel(params: SbCreateParams): Promise<SbGroupChannel>
  getChannel(channelUrl: string): Promise<SbGroupChannel>
  createGroupChannelCollection(params?: { limit?: number }): SbChannelCollection
  addGroupChannelHandler(key: string, handler: never): void
  removeGroupChannelHandler(key: string): void
  markAsDelivered(channelUrl: string): Promise<void>
}

/** `SendbirdChat.init(...)` with the `GroupChannelModule`. */
export interface SbChat {
  connect(userId: string, authToken?: string): Promise<SbUser>
  disconnect(): Promise<void>
  clearCachedData(): Promise<void>
  setSessionHandler(handler: never): void
  addConnectionHandler(key: string, handler: never): void
  removeConnectionHandler(key: string): void
  readonly groupChannel: SbGroupChannelModule
}

/** Group channel events the provider listens to (`GroupChannelHandler`'s params). */
export interface SbGroupChannelHandlerParams {
  onMessageReceived?: (channel: SbGroupChannel, message: SbMessage) => void
  onChannelChanged?: (channel: SbGroupChannel) => void
  onChannelDeleted?: (channelUrl: string, channelType: string) => void
  onUserReceivedInvitation?: (
    channel: SbGroupChannel,
    inviter: SbUser | null,
    invitees: SbUser[],
  ) => void
  onUserDeclinedInvitation?: (channel: SbGroupChannel, inviter: SbUser, invitee: SbUser) => void
  onUserJoined?: (channel: SbGroupChannel, user: SbUser) => void
  onUserLeft?: (channel: SbGroupChannel, user: SbUser) => void
  onUserBanned?: (channel: SbGroupChannel, user: SbUser) => void
  onOperatorUpdated?: (channel: SbGroupChannel, users: SbUser[]) => void
  onUnreadMemberStatusUpdated?: (channel: SbGroupChannel) => void
}

/** Connection events (`ConnectionHandler`'s params). */
export interface SbConnectionHandlerParams {
  onConnected?: (userId: string) => void
  onDisconnected?: (userId: string) => void
  onReconnectStarted?: () => void
  onReconnectSucceeded?: () => void
  onReconnectFailed?: () => void
}

/** Session events (`SessionHandler`'s params). */
export interface SbSessionHandlerParams {
  onSessionTokenRequired?: (
    resolve: (token: string | null) => void,
    reject: (error: Error) => void,
  ) => void
  onSessionClosed?: () => void
  onSessionError?: (error: Error) => void
}

/** What the provider needs of the SDK module: init and the handler classes. */
export interface SbSdk {
  init(appId: string): SbChat
  connectionHandler(params: SbConnectionHandlerParams): never
  sessionHandler(params: SbSessionHandlerParams): never
  groupChannelHandler(params: SbGroupChannelHandlerParams): never
  /** `MessageCollectionInitPolicy.CACHE_AND_REPLACE_BY_API`. */
  readonly cacheAndReplaceByApi: never
}
