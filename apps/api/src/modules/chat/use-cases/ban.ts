// POST /api/chat/channels/{url}/ban {userId} and …/unban: an operator removes a member and keeps
// them out until unbanned (spec section 4: the banned user leaves the members; if it is them, the
// client switches channel). Not in a direct chat. Both are in the audit log.
import { CHAT_MESSAGES as CM, type ChatBan } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { audienceOf, channelEntries, removedEntry } from '../channels.ts'
import {
  bad,
  chatter,
  memberChannel,
  requireOperator,
  transaction,
  type ChatContext,
} from '../context.ts'
import { appendEvents } from '../events-repo.ts'
import { audit, deleteBan, deleteMember, insertBan, membersOf } from '../repo.ts'

/** Ban a member from a channel. */
export async function ban(
  context: ChatContext,
  caller: AuthUser,
  url: string,
  body: ChatBan,
  ip?: string,
): Promise<void> {
  const me = await chatter(context, caller)
  if (body.userId === me.userId) throw bad('userId', CM.notYourself)
  const at = context.now()
  const items = await transaction(context.db, async (tx) => {
    const found = await memberChannel(tx, me.userId, url, { lock: true })
    requireOperator(found.me)
    if (found.channel.customType === 'direct') throw bad('userId', CM.directFixed)
    const before = await membersOf(tx, [url])
    const target = before.find((m) => m.userId === body.userId)
    if (!target) throw bad('userId', CM.userNotFound)
    await deleteMember(tx, url, body.userId)
    await insertBan(tx, {
      channelUrl: url,
      userId: body.userId,
      bannedBy: me.userId,
      description: body.description ?? null,
      createdAt: at,
    })
    await audit(tx, {
      actor: me.userId,
      action: 'chat_banned',
      ip,
      detail: { channel: url, user: body.userId },
    })
    const rest = before.filter((m) => m.userId !== body.userId)
    const entries = channelEntries(audienceOf(rest), url, 'member_banned', [body.userId])
    if (target.state !== 'recipient') entries.push(removedEntry(body.userId, url, 'banned'))
    return appendEvents(tx, entries, at)
  })
  await context.events.deliver(items)
}

/** Lift a ban (the user may be invited again). */
export async function unban(
  context: ChatContext,
  caller: AuthUser,
  url: string,
  body: ChatBan,
  ip?: string,
): Promise<void> {
  const me = await chatter(context, caller)
  const { me: member } = await memberChannel(context.db, me.userId, url)
  requireOperator(member)
  if (!(await deleteBan(context.db, url, body.userId))) throw bad('userId', CM.notBanned)
  await audit(context.db, {
    actor: me.userId,
    action: 'chat_unbanned',
    ip,
    detail: { channel: url, user: body.userId },
  })
}
