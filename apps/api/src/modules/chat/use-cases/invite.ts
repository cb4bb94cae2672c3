// POST /api/chat/channels/{url}/invite {userIds}: an operator invites people (a broadcast list's
// creator adds recipients). A direct chat keeps its two members; a banned user is not invited;
// those already members are passed over.
import {
  CHAT_CHANNEL_MAX_MEMBERS,
  CHAT_MESSAGES as CM,
  type ChatChannel,
  type ChatUserIds,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { audienceOf, channelEntries, viewOf } from '../channels.ts'
import {
  bad,
  chatter,
  memberChannel,
  requireOperator,
  transaction,
  type ChatContext,
} from '../context.ts'
import { appendEvents } from '../events-repo.ts'
import { profilesOf } from '../people.ts'
import { isBanned, membersOf, upsertMembers } from '../repo.ts'

/** Invite people to a channel. */
export async function invite(
  context: ChatContext,
  caller: AuthUser,
  url: string,
  body: ChatUserIds,
): Promise<ChatChannel> {
  const me = await chatter(context, caller)
  const ids = [...new Set(body.userIds)]
  const profiles = await profilesOf(context.db, ids)
  for (const [i, id] of body.userIds.entries()) {
    if (id === me.userId) throw bad(`userIds.${i}`, CM.notYourself)
    if (!profiles.get(id)?.canChat) throw bad(`userIds.${i}`, CM.userNotFound)
  }
  const at = context.now()
  const { channel, items } = await transaction(context.db, async (tx) => {
    const found = await memberChannel(tx, me.userId, url, { lock: true })
    requireOperator(found.me)
    if (found.channel.customType === 'direct') throw bad('userIds', CM.directFixed)
    const members = await membersOf(tx, [url])
    const fresh = ids.filter((id) => !members.some((m) => m.userId === id))
    if (fresh.length === 0) throw bad('userIds', CM.alreadyMember)
    for (const id of fresh) {
      if (await isBanned(tx, url, id)) throw bad(`userIds.${body.userIds.indexOf(id)}`, CM.banned)
    }
    if (members.length + fresh.length > CHAT_CHANNEL_MAX_MEMBERS) {
      throw bad('userIds', CM.tooManyMembers)
    }
    const broadcast = found.channel.customType === 'broadcast'
    await upsertMembers(
      tx,
      fresh.map((userId, i) => ({
        channelUrl: url,
        userId,
        role: 'none',
        state: broadcast ? 'recipient' : 'invited',
        inviterId: me.userId,
        invitedAt: at,
        createdAt: new Date(at.getTime() + i),
      })),
    )
    const entries = channelEntries(audienceOf(members), url, 'member_invited', fresh)
    if (!broadcast) entries.push(...channelEntries(fresh, url, 'invited', fresh))
    return { channel: found.channel, items: await appendEvents(tx, entries, at) }
  })
  await context.events.deliver(items)
  return viewOf(context.db, channel, me, at)
}
