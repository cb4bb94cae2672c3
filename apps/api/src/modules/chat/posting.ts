// Posting a message inside a transaction: stored once per (sender, reqId), the channel's latest
// message and unread counts updated, an event for every member who sees it (as that member sees
// it). A broadcast list's message is copied into the direct channel of its creator and each
// recipient, made on the way when missing (created_from "broadcast").
import type { Db } from '../../db/index.ts'
import type { chatMessages } from '../../db/chat-schema.ts'
import { distinctKey, newChannelUrl } from './channels.ts'
import type { EventEntry } from './events-repo.ts'
import { insertMessage, insertMessages, withFiles } from './messages-repo.ts'
import { profilesOf, type Profile } from './people.ts'
import {
  bumpChannel,
  channelByDistinctKey,
  countUnread,
  insertChannel,
  isBanned,
  membersOf,
  upsertMembers,
  VISIBLE_STATES,
} from './repo.ts'
import {
  firstAdminClientId,
  messageView,
  type ChannelRow,
  type MemberRow,
  type MessageWithFile,
} from './views.ts'

/** A message to post. */
export type NewMessage = Omit<typeof chatMessages.$inferInsert, 'id' | 'channelUrl' | 'createdAt'>

/** What a post made: the message (null: the sender already sent this reqId) and its events. */
export interface Posted {
  message: MessageWithFile | null
  entries: EventEntry[]
  profiles: ReadonlyMap<string, Profile>
  members: readonly MemberRow[]
}

/** The `message` events of one message for the members who see it. */
export function messageEntries(
  channel: ChannelRow,
  members: readonly MemberRow[],
  profiles: ReadonlyMap<string, Profile>,
  message: MessageWithFile,
): EventEntry[] {
  const facts = {
    customType: channel.customType,
    adminClientId: firstAdminClientId(members, profiles),
    profiles,
  }
  const audience = members.filter(
    (m) =>
      (VISIBLE_STATES as readonly string[]).includes(m.state) &&
      (message.recipientId === null || m.userId === message.recipientId),
  )
  const entries: EventEntry[] = []
  for (const member of audience) {
    const viewer = profiles.get(member.userId)
    if (!viewer) continue
    entries.push({
      userId: member.userId,
      event: {
        kind: 'message',
        channelUrl: channel.url,
        message: messageView(message, facts, viewer),
      },
    })
  }
  return entries
}

/** Post one message in a channel (inside a transaction). */
export async function postMessage(
  tx: Db,
  channel: ChannelRow,
  message: NewMessage,
  at: Date,
): Promise<Posted> {
  const row = await insertMessage(tx, { ...message, channelUrl: channel.url, createdAt: at })
  if (!row) return { message: null, entries: [], profiles: new Map(), members: [] }
  const [stored] = await withFiles(tx, [row])
  if (message.recipientId == null) {
    const direct = channel.customType === 'direct' && message.originMessageId == null
    await bumpChannel(tx, channel, row, direct)
  }
  await countUnread(tx, channel.url, row.senderId, row.recipientId)
  const members = await membersOf(tx, [channel.url])
  const profiles = await profilesOf(
    tx,
    members.map((m) => m.userId),
  )
  return {
    message: stored!,
    entries: messageEntries(channel, members, profiles, stored!),
    profiles,
    members,
  }
}

/**
 * The direct channel of two users, made when missing (by `creatorId`, `data` created_from as
 * given). A member missing from an existing one is invited back, unless banned from it.
 */
export async function ensureDirect(
  tx: Db,
  creatorId: string,
  otherId: string,
  at: Date,
  createdFrom?: string,
): Promise<{ channel: ChannelRow; created: boolean; reinvited: boolean }> {
  const key = distinctKey('direct', [creatorId, otherId])
  let channel = await channelByDistinctKey(tx, key)
  let created = false
  if (!channel) {
    const url = newChannelUrl()
    created = await insertChannel(tx, {
      url,
      customType: 'direct',
      isDistinct: true,
      distinctKey: key,
      creatorId,
      data: createdFrom ? { created_from: createdFrom } : {},
      createdAt: at,
    })
    channel = (await channelByDistinctKey(tx, key))!
  }
  const members = await membersOf(tx, [channel.url])
  const has = (id: string) => members.some((m) => m.userId === id)
  let reinvited = false
  const rows = []
  if (!has(creatorId)) {
    rows.push({
      channelUrl: channel.url,
      userId: creatorId,
      role: 'operator',
      state: 'joined',
      joinedAt: at,
      createdAt: at,
    })
  }
  if (!has(otherId) && !(await isBanned(tx, channel.url, otherId))) {
    reinvited = !created
    rows.push({
      channelUrl: channel.url,
      userId: otherId,
      role: 'none',
      state: 'invited',
      inviterId: creatorId,
      invitedAt: at,
      createdAt: at,
    })
  }
  await upsertMembers(tx, rows)
  return { channel, created, reinvited }
}

/** Copy a broadcast list's message into its creator's direct channel with each recipient. */
export async function fanOutBroadcast(
  tx: Db,
  list: ChannelRow,
  original: MessageWithFile,
  members: readonly MemberRow[],
  at: Date,
): Promise<EventEntry[]> {
  const creatorId = list.creatorId!
  const recipients = members.filter((m) => m.state === 'recipient').map((m) => m.userId)
  const targets: ChannelRow[] = []
  const entries: EventEntry[] = []
  for (const recipientId of [...recipients].sort()) {
    const { channel, created, reinvited } = await ensureDirect(
      tx,
      creatorId,
      recipientId,
      at,
      'broadcast',
    )
    if (created || reinvited) {
      entries.push({
        userId: recipientId,
        event: {
          kind: 'channel',
          channelUrl: channel.url,
          reason: 'invited',
          userIds: [recipientId],
        },
      })
    }
    targets.push(channel)
  }
  const copies = await insertMessages(
    tx,
    targets.map((channel) => ({
      channelUrl: channel.url,
      senderId: creatorId,
      messageType: original.messageType,
      message: original.message,
      customType: original.customType,
      data: original.data,
      ogMetaData: original.ogMetaData,
      fileId: original.fileId,
      originMessageId: original.id,
      createdAt: at,
    })),
  )
  const stored = new Map((await withFiles(tx, copies)).map((copy) => [copy.channelUrl, copy]))
  const allMembers = await membersOf(
    tx,
    targets.map((c) => c.url),
  )
  const profiles = await profilesOf(
    tx,
    allMembers.map((m) => m.userId),
  )
  for (const channel of targets) {
    const copy = stored.get(channel.url)!
    await bumpChannel(tx, channel, copy, false)
    await countUnread(tx, channel.url, creatorId, null)
    const channelMembers = allMembers.filter((m) => m.channelUrl === channel.url)
    entries.push(...messageEntries(channel, channelMembers, profiles, copy))
  }
  return entries
}
