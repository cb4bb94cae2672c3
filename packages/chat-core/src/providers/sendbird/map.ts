// Sendbird's objects in the wire shapes of `@bonds/domain` (spec section 3's names), as one viewer
// sees them: staff named by the product's label for a non-staff viewer, the broker-to-broker
// decision made here (the local service makes it on the server), and SDK errors by their codes.
import { CHAT_CHANNEL_TYPES, CHAT_STAFF_LABEL } from '@bonds/domain'
import type { ChatChannel, ChatMember, ChatMessage } from '@bonds/domain'
import { ChatProviderError, type ChatFailureCode } from '../../model/errors.ts'
import { isBrokerToBroker } from '../../model/people.ts'
import type { SbGroupChannel, SbMember, SbMessage } from './sdk.ts'

const asString = (value: unknown, fallback: string) =>
  typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? fallback
      : String(value)

/** A member as `viewerIsStaff` sees them. */
export function toMember(member: SbMember, viewerIsStaff: boolean): ChatMember {
  const meta = member.metaData as Record<string, unknown>
  const isStaff = asString(meta.is_staff, 'false') === 'true'
  return {
    userId: member.userId,
    nickname: isStaff && !viewerIsStaff ? CHAT_STAFF_LABEL : member.nickname,
    role: member.role === 'operator' ? 'operator' : 'none',
    state: member.state === 'invited' ? 'invited' : 'joined',
    connectionStatus:
      member.connectionStatus === 'online'
        ? 'online'
        : member.connectionStatus === 'offline'
          ? 'offline'
          : 'nonavailable',
    metaData: {
      is_staff: isStaff ? 'true' : 'false',
      is_active: asString(meta.is_active, 'true') === 'false' ? 'false' : 'true',
      client_id: asString(meta.client_id, ''),
      brand_name: asString(meta.brand_name, '-'),
    },
    data: asString(meta.data, '{}'),
    lastReadMessageId: 0,
    lastDeliveredMessageId: 0,
  }
}

function clientIdOf(channel: SbGroupChannel, userId: string | undefined): string | null {
  const member = channel.members.find((m) => m.userId === userId)
  const id = member ? asString((member.metaData as Record<string, unknown>).client_id, '') : ''
  return id || null
}

/** A message as `me` sees it in `channel` (null when the channel is not known). */
export function toMessage(
  message: SbMessage,
  me: string,
  channel: SbGroupChannel | null,
): ChatMessage {
  const type =
    message.messageType === 'file' ? 'file' : message.messageType === 'admin' ? 'admin' : 'user'
  const sender = message.sender
    ? { userId: message.sender.userId, nickname: message.sender.nickname }
    : null
  const member = sender && channel?.members.find((m) => m.userId === sender.userId)
  if (sender && member) sender.nickname = toMember(member, viewerIsStaff(channel, me)).nickname
  const firstAdmin = channel?.members.find((m) => m.role === 'operator')
  return {
    messageId: message.messageId,
    channelUrl: message.channelUrl,
    reqId: message.reqId ?? '',
    messageType: type,
    message: message.message ?? '',
    type: message.type ?? '',
    name: type === 'file' ? (message.name ?? null) : null,
    size: type === 'file' ? (message.size ?? null) : null,
    url: type === 'file' ? (message.url ?? null) : null,
    data: message.data ?? '',
    customType: message.customType ?? '',
    sender,
    ogMetaData: message.ogMetaData?.url
      ? {
          url: message.ogMetaData.url,
          ...(message.ogMetaData.title ? { title: message.ogMetaData.title } : {}),
          ...(message.ogMetaData.description
            ? { description: message.ogMetaData.description }
            : {}),
        }
      : null,
    createdAt: message.createdAt,
    isBrokerToBroker: channel
      ? isBrokerToBroker({
          customType: channel.customType as ChatChannel['customType'],
          firstAdminClientId: firstAdmin ? clientIdOf(channel, firstAdmin.userId) : null,
          senderClientId: clientIdOf(channel, sender?.userId),
          viewerClientId: clientIdOf(channel, me),
        })
      : false,
  }
}

/** Whether `me` is staff, read from my member record in a channel. */
function viewerIsStaff(channel: SbGroupChannel | null, me: string): boolean {
  const mine = channel?.members.find((m) => m.userId === me)
  return mine ? asString((mine.metaData as Record<string, unknown>).is_staff, '') === 'true' : false
}

/** A channel as `me` sees it. */
export function toChannel(channel: SbGroupChannel, me: string): ChatChannel {
  const staff = viewerIsStaff(channel, me)
  const customType = (CHAT_CHANNEL_TYPES as readonly string[]).includes(channel.customType)
    ? (channel.customType as ChatChannel['customType'])
    : 'group'
  const cached = channel.cachedMetaData as Record<string, unknown>
  return {
    url: channel.url,
    customType,
    name: channel.name,
    memberCount: channel.memberCount,
    isDistinct: channel.isDistinct,
    members: channel.members.map((member) => toMember(member, staff)),
    lastMessage: channel.lastMessage ? toMessage(channel.lastMessage, me, channel) : null,
    unreadMessageCount: channel.unreadMessageCount,
    createdAt: channel.createdAt,
    invitedAt: channel.invitedAt,
    inviter: channel.inviter ? { userId: channel.inviter.userId } : null,
    creator: channel.creator ? { userId: channel.creator.userId } : null,
    myMemberState:
      channel.myMemberState === 'invited'
        ? 'invited'
        : channel.myMemberState === 'joined'
          ? 'joined'
          : 'none',
    myRole: channel.myRole === 'operator' ? 'operator' : 'none',
    data: channel.data ?? '',
    is_whatsapp_linked_channel: asString(cached.is_whatsapp_linked_channel, 'false') === 'true',
  }
}

/** Sendbird error codes (`SendbirdErrorCode`) the session answers by their meaning. */
const CODES: Record<number, ChatFailureCode> = {
  400300: 'deactivated',
  900021: 'deactivated',
  400301: 'user_not_found',
  400302: 'token_expired',
  400309: 'token_expired',
  400310: 'session_revoked',
  400111: 'invalid_token',
  400108: 'invalid_token',
  800101: 'network',
  800120: 'network',
  800121: 'network',
  800190: 'network',
  800200: 'network',
  800210: 'network',
}

/** An SDK error as a provider error. */
export function toFailure(error: unknown): ChatProviderError {
  if (error instanceof ChatProviderError) return error
  const code =
    typeof (error as { code?: unknown })?.code === 'number' ? (error as { code: number }).code : 0
  const message = error instanceof Error ? error.message : String(error)
  return new ChatProviderError(
    CODES[code] ?? (code ? 'request' : 'network'),
    message,
    code || undefined,
  )
}
