// POST /api/chat/channels/{url}/operators {userIds} and DELETE …/operators/{userId}: an operator
// makes joined members operators, or takes the role away; a channel keeps at least one. A
// broadcast list has its creator alone.
import { CHAT_MESSAGES as CM, type ChatChannel, type ChatUserIds } from '@bonds/domain'
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
import { membersOf, updateMember } from '../repo.ts'

/** Change who operates a channel. */
async function setOperators(
  context: ChatContext,
  caller: AuthUser,
  url: string,
  userIds: readonly string[],
  role: 'operator' | 'none',
): Promise<ChatChannel> {
  const me = await chatter(context, caller)
  const at = context.now()
  const { channel, items } = await transaction(context.db, async (tx) => {
    const found = await memberChannel(tx, me.userId, url, { lock: true })
    requireOperator(found.me)
    const field = role === 'operator' ? 'userIds' : 'userId'
    if (found.channel.customType === 'broadcast') throw bad(field, CM.notOperator)
    const members = await membersOf(tx, [url])
    for (const [i, id] of userIds.entries()) {
      const member = members.find((m) => m.userId === id)
      if (!member || member.state !== 'joined') {
        throw bad(role === 'operator' ? `userIds.${i}` : field, CM.operatorMustJoin)
      }
    }
    if (role === 'none') {
      const left = members.filter((m) => m.role === 'operator' && !userIds.includes(m.userId))
      if (left.length === 0) throw bad(field, CM.lastOperator)
    }
    await updateMember(tx, url, userIds, { role })
    const entries = channelEntries(audienceOf(members), url, 'operators', userIds)
    return { channel: found.channel, items: await appendEvents(tx, entries, at) }
  })
  await context.events.deliver(items)
  return viewOf(context.db, channel, me, at)
}

/** Make joined members operators. */
export const addOperators = (
  context: ChatContext,
  caller: AuthUser,
  url: string,
  body: ChatUserIds,
) => setOperators(context, caller, url, [...new Set(body.userIds)], 'operator')

/** Take the operator role from a member. */
export const removeOperator = (
  context: ChatContext,
  caller: AuthUser,
  url: string,
  userId: string,
) => setOperators(context, caller, url, [userId], 'none')
