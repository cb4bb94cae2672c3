// How people appear in chat (spec section 6): staff naming, the channel's display name, the
// broker-to-broker decision, and an avatar colour that is the same for a pair on every screen.
import { CHAT_STAFF_LABEL, DEFAULT_CHANNEL_NAME, SCROLL_BOTTOM_TOLERANCE_PX } from '@bonds/domain'
import type { ChatChannel, ChatMember } from '@bonds/domain'
import { memberMeta, otherMember } from './channel-rules.ts'

/**
 * The name a viewer sees for a member: staff see everyone's names; a non-staff viewer sees a
 * staff member under the product's name label.
 */
export function memberDisplayName(
  member: Pick<ChatMember, 'nickname' | 'metaData' | 'data'>,
  viewerIsStaff: boolean,
): string {
  if (!viewerIsStaff && memberMeta(member).isStaff) return CHAT_STAFF_LABEL
  return member.nickname
}

/** The viewer's own member record, when the channel lists it. */
export function myMember(channel: ChatChannel, me: string): ChatMember | null {
  return channel.members.find((member) => member.userId === me) ?? null
}

/** The name a channel is listed under: a direct chat by the other person, others by their name. */
export function channelDisplayName(channel: ChatChannel, me: string): string {
  if (channel.customType === 'direct') {
    const other = otherMember(channel, me)
    const mine = myMember(channel, me)
    const viewerIsStaff = mine ? memberMeta(mine).isStaff : false
    return other ? memberDisplayName(other, viewerIsStaff) : ''
  }
  return channel.name || DEFAULT_CHANNEL_NAME
}

/** What the broker-to-broker decision reads: client ids of the first admin, sender and viewer. */
export interface BrokerToBrokerInput {
  customType: ChatChannel['customType']
  firstAdminClientId: string | null
  senderClientId: string | null
  viewerClientId: string | null
}

/**
 * A message in a trading group is broker-to-broker when neither the sender's nor the viewer's
 * client is the first admin's (spec section 6).
 */
export function isBrokerToBroker(input: BrokerToBrokerInput): boolean {
  if (input.customType !== 'trading group' || !input.firstAdminClientId) return false
  return (
    input.senderClientId !== input.firstAdminClientId &&
    input.viewerClientId !== input.firstAdminClientId
  )
}

/** Avatar colours (Mantine's palette names), one picked per pair of people. */
export const AVATAR_COLOURS = [
  'blue',
  'cyan',
  'grape',
  'green',
  'indigo',
  'lime',
  'orange',
  'pink',
  'red',
  'teal',
  'violet',
  'yellow',
] as const
/** An avatar colour. */
export type AvatarColour = (typeof AVATAR_COLOURS)[number]

/** FNV-1a over UTF-16 code units: small, stable across browsers and the server. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i)
    value = Math.imul(value, 0x01000193) >>> 0
  }
  return value
}

/** The avatar colour of a pair: the same whichever of the two is looking. */
export function avatarColour(userA: string, userB: string): AvatarColour {
  const pair = [userA, userB].sort().join('|')
  return AVATAR_COLOURS[hash(pair) % AVATAR_COLOURS.length]!
}

/** Scrolled to the bottom, within the spec's tolerance (so new messages keep it there). */
export function isAtBottom(
  view: { scrollTop: number; scrollHeight: number; clientHeight: number },
  tolerancePx = SCROLL_BOTTOM_TOLERANCE_PX,
): boolean {
  return view.scrollHeight - view.scrollTop - view.clientHeight <= tolerancePx
}
