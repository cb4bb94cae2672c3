// POST /api/chat/channels/: create a group channel with the provider's parameters (spec sections 3,
// 5 and 7): the creator joins as operator; the invited are invited (operators among them become
// operators); name default "Group Channel". Direct channels are distinct: one per pair, found
// again rather than made twice. A broadcast list's recipients never see it (spec section 6); its
// messages reach them in their direct channels. Only a Dealer opens a trading group.
import {
  CHAT_CHANNEL_MAX_MEMBERS,
  CHAT_MESSAGES as CM,
  DEFAULT_CHANNEL_NAME,
  type ChatChannel,
  type ChatChannelCreate,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { channelEntries, distinctKey, newChannelUrl, viewOf } from '../channels.ts'
import { bad, chatter, forbidden, transaction, type ChatContext } from '../context.ts'
import { appendEvents, type EventEntry } from '../events-repo.ts'
import { profilesOf } from '../people.ts'
import { ensureDirect } from '../posting.ts'
import { channelByDistinctKey, channelByUrl, insertChannel, upsertMembers } from '../repo.ts'

/** Create a channel; `created` false when a distinct one existed. */
export async function createChannel(
  context: ChatContext,
  caller: AuthUser,
  body: ChatChannelCreate,
): Promise<{ channel: ChatChannel; created: boolean }> {
  const { db } = context
  const me = await chatter(context, caller)
  const invited = [...new Set(body.invitedUserIds)]
  const operators = new Set(body.operatorUserIds ?? [])
  if (invited.includes(me.userId)) throw bad('invitedUserIds', CM.notYourself)
  if (body.customType === 'direct' && invited.length !== 1) {
    throw bad('invitedUserIds', CM.directNeedsOne)
  }
  if (body.customType === 'broadcast' && invited.length === 0) {
    throw bad('invitedUserIds', CM.broadcastNeedsRecipients)
  }
  if (invited.length + 1 > CHAT_CHANNEL_MAX_MEMBERS) throw bad('invitedUserIds', CM.tooManyMembers)
  if (body.customType === 'trading group' && !caller.roles.includes('clientdealer')) {
    throw forbidden(CM.dealerOnly)
  }
  for (const id of operators) {
    if (id !== me.userId && !invited.includes(id)) {
      throw bad('operatorUserIds', CM.operatorsInvited)
    }
  }
  const profiles = await profilesOf(db, invited)
  for (const [i, id] of invited.entries()) {
    if (!profiles.get(id)?.canChat) throw bad(`invitedUserIds.${i}`, CM.userNotFound)
  }

  const at = context.now()
  const outcome = await transaction(db, async (tx) => {
    if (body.customType === 'direct') {
      const { channel, created, reinvited } = await ensureDirect(tx, me.userId, invited[0]!, at)
      const entries: EventEntry[] = []
      if (created) entries.push(...channelEntries([me.userId], channel.url, 'created', []))
      if (created || reinvited) {
        entries.push(...channelEntries(invited, channel.url, 'invited', invited))
      }
      return { channel, created, items: await appendEvents(tx, entries, at) }
    }
    const distinct = body.isDistinct === true && body.customType !== 'broadcast'
    const key = distinct ? distinctKey(body.customType, [me.userId, ...invited]) : null
    const existing = key ? await channelByDistinctKey(tx, key) : undefined
    if (existing) return { channel: existing, created: false, items: [] }
    const url = newChannelUrl()
    const made = await insertChannel(tx, {
      url,
      customType: body.customType,
      name: body.name || DEFAULT_CHANNEL_NAME,
      isDistinct: distinct,
      distinctKey: key,
      creatorId: me.userId,
      createdAt: at,
    })
    if (!made) throw bad('invitedUserIds', CM.alreadyMember)
    const broadcast = body.customType === 'broadcast'
    await upsertMembers(tx, [
      {
        channelUrl: url,
        userId: me.userId,
        role: 'operator',
        state: 'joined',
        joinedAt: at,
        createdAt: at,
      },
      ...invited.map((userId, i) => ({
        channelUrl: url,
        userId,
        role: operators.has(userId) ? 'operator' : 'none',
        state: broadcast ? 'recipient' : 'invited',
        inviterId: me.userId,
        invitedAt: at,
        // Members keep the order they were named in (the first operator is the creator).
        createdAt: new Date(at.getTime() + i + 1),
      })),
    ])
    const entries = channelEntries([me.userId], url, 'created', [])
    if (!broadcast) entries.push(...channelEntries(invited, url, 'invited', invited))
    const channel = (await channelByUrl(tx, url))!
    return { channel, created: true, items: await appendEvents(tx, entries, at) }
  })
  await context.events.deliver(outcome.items)
  return { channel: await viewOf(db, outcome.channel, me, at), created: outcome.created }
}
