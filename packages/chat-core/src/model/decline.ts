// A declined invitation (spec section 4): in group and trading channels the inviter reads
// "{nickname} declined your request"; a direct channel the invitee declines leaves their list.
import { CHAT_CUSTOM_TYPES } from '@bonds/domain'
import type { ChatChannel, ChatMessage } from '@bonds/domain'

/** The notice the inviter reads. */
export function declinedNotice(nickname: string): string {
  return `${nickname} declined your request`
}

/** The data of a declined-invite admin message. */
export interface DeclinedInvite {
  inviterId: string
  inviteeId: string
  nickname: string
  channelType: string
}

/** Read a declined-invite message (null for any other message). */
export function declinedInvite(message: ChatMessage): DeclinedInvite | null {
  if (message.customType !== CHAT_CUSTOM_TYPES.declinedInvite) return null
  try {
    const data = JSON.parse(message.data) as Record<string, unknown>
    if (typeof data.inviter_id !== 'string' || typeof data.invitee_id !== 'string') return null
    return {
      inviterId: data.inviter_id,
      inviteeId: data.invitee_id,
      nickname: typeof data.nickname === 'string' ? data.nickname : data.invitee_id,
      channelType: typeof data.channel_type === 'string' ? data.channel_type : '',
    }
  } catch {
    return null
  }
}

/** The notice to show me for a message, if it tells me my invitation was declined. */
export function declinedNoticeFor(
  channel: Pick<ChatChannel, 'customType'>,
  message: ChatMessage,
  me: string,
): string | null {
  const declined = declinedInvite(message)
  if (!declined || declined.inviterId !== me) return null
  if (channel.customType !== 'group' && channel.customType !== 'trading group') return null
  return declinedNotice(declined.nickname)
}
