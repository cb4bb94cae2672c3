// Helpers several channel use cases share: loading what channel views are built from, the events
// that tell members a channel changed, and making a channel (its url, its distinct key).
import { randomUUID } from 'node:crypto'
import type { ChatChannel, ChatEvent } from '@bonds/domain'
import type { Db } from '../../db/index.ts'
import type { EventEntry } from './events-repo.ts'
import { messagesByIds } from './messages-repo.ts'
import { profilesOf, type Profile } from './people.ts'
import { membersOf, VISIBLE_STATES } from './repo.ts'
import { channelView, type ChannelParts, type ChannelRow, type MemberRow } from './views.ts'

/** A new channel's url. */
export const newChannelUrl = () => `ch_${randomUUID().replaceAll('-', '')}`

/** The key that makes a channel distinct: its type and its sorted members. */
export const distinctKey = (customType: string, userIds: readonly string[]) =>
  `${customType}:${[...new Set(userIds)].sort().join('|')}`

/** What the views of these channels are built from, in the same order. */
export async function channelParts(
  db: Db,
  channels: readonly ChannelRow[],
): Promise<ChannelParts[]> {
  const members = await membersOf(
    db,
    channels.map((c) => c.url),
  )
  // One after the other: `db` may be a transaction (one connection, one query at a time).
  const profiles = await profilesOf(
    db,
    members.map((m) => m.userId),
  )
  const lastMessages = await messagesByIds(
    db,
    channels.map((c) => c.lastMessageId).filter((id): id is number => id !== null),
  )
  const lastById = new Map(lastMessages.map((m) => [m.id, m]))
  return channels.map((channel) => ({
    channel,
    members: members.filter((m) => m.channelUrl === channel.url),
    profiles,
    lastMessage: channel.lastMessageId ? (lastById.get(channel.lastMessageId) ?? null) : null,
  }))
}

/** One channel as a viewer sees it, freshly read. */
export async function viewOf(
  db: Db,
  channel: ChannelRow,
  viewer: Profile,
  now: Date,
): Promise<ChatChannel> {
  const [parts] = await channelParts(db, [channel])
  const me = parts!.members.find((m) => m.userId === viewer.userId) ?? null
  return channelView(parts!, viewer, me, now)
}

/** The members who see a channel's events: joined and invited. */
export function audienceOf(members: readonly MemberRow[]): string[] {
  return members
    .filter((m) => (VISIBLE_STATES as readonly string[]).includes(m.state))
    .map((m) => m.userId)
}

/** A `channel` event for each of these users. */
export function channelEntries(
  userIds: readonly string[],
  channelUrl: string,
  reason: Extract<ChatEvent, { kind: 'channel' }>['reason'],
  about: readonly string[],
): EventEntry[] {
  return userIds.map((userId) => ({
    userId,
    event: { kind: 'channel', channelUrl, reason, userIds: [...about] },
  }))
}

/** A `channel_removed` event for a user. */
export function removedEntry(
  userId: string,
  channelUrl: string,
  reason: Extract<ChatEvent, { kind: 'channel_removed' }>['reason'],
): EventEntry {
  return { userId, event: { kind: 'channel_removed', channelUrl, reason } }
}
