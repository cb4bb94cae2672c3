// Channels, members and messages in the wire shape (`@bonds/domain`), for tests of chat code.
import type { ChatChannel, ChatMember, ChatMessage } from '@bonds/domain'

/** A joined member, onboarded, active, not staff. */
export function aMember(userId: string, overrides: Partial<ChatMember> = {}): ChatMember {
  return {
    userId,
    nickname: userId.replace(/^./, (c) => c.toUpperCase()),
    role: 'none',
    state: 'joined',
    connectionStatus: 'offline',
    metaData: {
      is_staff: 'false',
      is_active: 'true',
      client_id: `firm-${userId}`,
      brand_name: '-',
    },
    data: '{"user_onboarded":true}',
    lastReadMessageId: 0,
    lastDeliveredMessageId: 0,
    ...overrides,
  }
}

let nextMessageId = 1

/** A user message from `sender` in `channelUrl`. */
export function aMessage(
  channelUrl: string,
  sender: string | null,
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  const messageId = overrides.messageId ?? nextMessageId++
  return {
    messageId,
    channelUrl,
    reqId: '',
    messageType: sender ? 'user' : 'admin',
    message: `message ${messageId}`,
    type: '',
    name: null,
    size: null,
    url: null,
    data: '',
    customType: '',
    sender: sender ? { userId: sender, nickname: sender } : null,
    ogMetaData: null,
    createdAt: 1_700_000_000_000 + messageId,
    isBrokerToBroker: false,
    ...overrides,
  }
}

/** A channel `url` of `me` and the others (me its operator and creator). */
export function aChannel(
  url: string,
  me: string,
  others: string[],
  overrides: Partial<ChatChannel> = {},
): ChatChannel {
  const members = [aMember(me, { role: 'operator' }), ...others.map((id) => aMember(id))]
  return {
    url,
    customType: others.length === 1 ? 'direct' : 'group',
    name: 'Group Channel',
    memberCount: members.length,
    isDistinct: others.length === 1,
    members,
    lastMessage: null,
    unreadMessageCount: 0,
    createdAt: 1_700_000_000_000,
    invitedAt: 0,
    inviter: null,
    creator: { userId: me },
    myMemberState: 'joined',
    myRole: 'operator',
    data: '',
    is_whatsapp_linked_channel: false,
    ...overrides,
  }
}
