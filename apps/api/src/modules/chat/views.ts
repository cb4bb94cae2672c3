// Channels, members and messages as one viewer sees them (spec sections 3 and 6): staff naming,
// the broker-to-broker decision, metadata as the provider's strings, `data` as JSON text.
import {
  CHAT_STAFF_LABEL,
  SOCKET_OFFLINE_THRESHOLD_MS,
  type ChatChannel,
  type ChatChannelType,
  type ChatMember,
  type ChatMessage,
} from '@bonds/domain'
import type { chatChannels, chatFiles, chatMembers, chatMessages } from '../../db/chat-schema.ts'
import type { Profile } from './people.ts'

/** A stored channel. */
export type ChannelRow = typeof chatChannels.$inferSelect
/** A stored member. */
export type MemberRow = typeof chatMembers.$inferSelect
/** A stored message. */
export type MessageRow = typeof chatMessages.$inferSelect
/** A stored file. */
export type FileRow = typeof chatFiles.$inferSelect
/** A message with its file. */
export type MessageWithFile = MessageRow & { file: FileRow | null }

/** Who is looking: their profile (staff naming, the broker-to-broker decision). */
export type Viewer = Pick<Profile, 'userId' | 'clientId' | 'isStaff'>

/** A firm's name as members show it; "-" when none (an individual). */
export function brandName(profile: Pick<Profile, 'clientType' | 'clientName'>): string {
  return profile.clientType.startsWith('INDV') || !profile.clientName ? '-' : profile.clientName
}

/** A person's name for a viewer: staff see everyone's; others see a staff member as the product. */
export function nicknameFor(profile: Pick<Profile, 'nickname' | 'isStaff'>, viewer: Viewer) {
  return profile.isStaff && !viewer.isStaff ? CHAT_STAFF_LABEL : profile.nickname
}

/** The client of a trading group's first admin: the operator who became a member first. */
export function firstAdminClientId(
  members: readonly MemberRow[],
  profiles: ReadonlyMap<string, Profile>,
): string | null {
  const operators = members
    .filter((m) => m.role === 'operator')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.userId < b.userId ? -1 : 1))
  const first = operators[0]
  return first ? (profiles.get(first.userId)?.clientId ?? null) : null
}

/**
 * Spec section 6: in a trading group a message is broker-to-broker when neither its sender nor its
 * viewer belongs to the firm of the channel's first admin.
 */
export function isBrokerToBroker(
  customType: string,
  adminClientId: string | null,
  senderClientId: string | null,
  viewerClientId: string,
): boolean {
  return (
    customType === 'trading group' &&
    adminClientId !== null &&
    senderClientId !== null &&
    senderClientId !== adminClientId &&
    viewerClientId !== adminClientId
  )
}

/** What a message view needs besides the row. */
export interface MessageFacts {
  customType: string
  adminClientId: string | null
  profiles: ReadonlyMap<string, Profile>
}

/** A file's download path. */
export const fileUrl = (id: string) => `/api/chat/files/${id}/`

/** A message as a viewer sees it. */
export function messageView(
  row: MessageWithFile,
  facts: MessageFacts,
  viewer: Viewer,
): ChatMessage {
  const sender = row.senderId ? facts.profiles.get(row.senderId) : undefined
  return {
    messageId: row.id,
    channelUrl: row.channelUrl,
    reqId: row.reqId ?? '',
    messageType: row.messageType as ChatMessage['messageType'],
    message: row.message,
    type: row.file?.mimeType ?? '',
    name: row.file?.name ?? null,
    size: row.file?.size ?? null,
    url: row.file ? fileUrl(row.file.id) : null,
    data: row.data,
    customType: row.customType,
    sender: row.senderId
      ? {
          userId: row.senderId,
          nickname: sender ? nicknameFor(sender, viewer) : '',
        }
      : null,
    ogMetaData: row.ogMetaData ?? null,
    createdAt: row.createdAt.getTime(),
    isBrokerToBroker: isBrokerToBroker(
      facts.customType,
      facts.adminClientId,
      sender?.clientId ?? null,
      viewer.clientId,
    ),
  }
}

/** A member as a viewer sees them. */
export function memberView(
  row: MemberRow,
  profile: Profile | undefined,
  viewer: Viewer,
  now: Date,
): ChatMember {
  const online =
    profile?.seenAt != null &&
    now.getTime() - profile.seenAt.getTime() <= SOCKET_OFFLINE_THRESHOLD_MS
  return {
    userId: row.userId,
    nickname: profile ? nicknameFor(profile, viewer) : '',
    role: row.role === 'operator' ? 'operator' : 'none',
    state: row.state as ChatMember['state'],
    connectionStatus: profile ? (online ? 'online' : 'offline') : 'nonavailable',
    metaData: {
      is_staff: profile?.isStaff ? 'true' : 'false',
      is_active: profile?.active === false ? 'false' : 'true',
      client_id: profile?.clientId ?? '',
      brand_name: profile ? brandName(profile) : '-',
    },
    data: JSON.stringify({ user_onboarded: profile?.onboarded ?? false }),
    lastReadMessageId: row.lastReadMessageId,
    lastDeliveredMessageId: row.lastDeliveredMessageId,
  }
}

/** Everything a channel view is built from. */
export interface ChannelParts {
  channel: ChannelRow
  /** Every member row (joined, invited, recipients). */
  members: readonly MemberRow[]
  profiles: ReadonlyMap<string, Profile>
  lastMessage: MessageWithFile | null
}

/** A channel as a viewer sees it (a member, or a compliance officer reading it: `me` null). */
export function channelView(
  parts: ChannelParts,
  viewer: Viewer,
  me: MemberRow | null,
  now: Date,
): ChatChannel {
  const { channel, profiles } = parts
  const shown =
    channel.customType === 'broadcast' && channel.creatorId === viewer.userId
      ? parts.members
      : parts.members.filter((m) => m.state !== 'recipient')
  const facts: MessageFacts = {
    customType: channel.customType,
    adminClientId: firstAdminClientId(parts.members, profiles),
    profiles,
  }
  return {
    url: channel.url,
    customType: channel.customType as ChatChannelType,
    name: channel.name,
    memberCount: shown.length,
    isDistinct: channel.isDistinct,
    members: shown.map((m) => memberView(m, profiles.get(m.userId), viewer, now)),
    lastMessage: parts.lastMessage ? messageView(parts.lastMessage, facts, viewer) : null,
    unreadMessageCount: me?.unreadCount ?? 0,
    createdAt: channel.createdAt.getTime(),
    invitedAt: me?.state === 'invited' ? (me.invitedAt?.getTime() ?? 0) : 0,
    inviter: me?.inviterId ? { userId: me.inviterId } : null,
    creator: channel.creatorId ? { userId: channel.creatorId } : null,
    myMemberState: me?.state === 'joined' || me?.state === 'invited' ? me.state : 'none',
    myRole: me?.role === 'operator' ? 'operator' : 'none',
    data: JSON.stringify(channel.data),
    is_whatsapp_linked_channel: channel.whatsappNumber != null,
    // The client's number is the operators' to see, not every member's (decision 335).
    ...(me?.role === 'operator' && channel.whatsappNumber
      ? { whatsapp_number: `+${channel.whatsappNumber}` }
      : {}),
  }
}
