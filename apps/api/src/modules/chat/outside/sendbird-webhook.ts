// Sendbird's webhooks (decision 275): with Sendbird as the chat provider, its messages are mirrored
// into PostgreSQL so the download and the compliance officer's view read one store. A call counts
// only with `x-sendbird-signature`: HMAC-SHA256 of the raw body keyed with the API token, hex.
// The mirror is idempotent (reqId `sendbird:<message_id>` per sender), so Sendbird's retries and
// doubled deliveries store a message once.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { CHAT_CHANNEL_TYPES } from '@bonds/domain'
import { z } from 'zod'
import type { ChatContext } from '../context.ts'
import { transaction } from '../context.ts'
import { addMembersIfMissing, insertMessage } from '../messages-repo.ts'
import { profilesOf } from '../people.ts'
import { bumpChannel, channelByUrl, insertChannel } from '../repo.ts'

/** Whether a Sendbird webhook call is signed with the API token. */
export function verifySendbirdSignature(
  raw: Buffer,
  signature: string | undefined,
  apiToken: string,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false
  const expected = createHmac('sha256', apiToken).update(raw).digest()
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
}

/** The local url a Sendbird channel is mirrored under (`ch_` and 32 hex digits, stable). */
export const mirroredChannelUrl = (sendbirdUrl: string) =>
  `ch_${createHash('sha256').update(`sendbird:${sendbirdUrl}`).digest('hex').slice(0, 32)}`

const user = z.object({ user_id: z.string().min(1).max(200), nickname: z.string().optional() })
const messageSend = z.object({
  category: z.literal('group_channel:message_send'),
  type: z.string(),
  sender: user,
  members: z.array(user).max(10_000).default([]),
  custom_type: z.string().optional(),
  channel: z.object({
    channel_url: z.string().min(1).max(400),
    name: z.string().optional(),
    custom_type: z.string().optional(),
  }),
  payload: z.object({
    message_id: z.union([z.number(), z.string()]),
    message: z.string().optional(),
    data: z.string().optional(),
    custom_type: z.string().optional(),
    created_at: z.number(),
    url: z.string().optional(),
    name: z.string().optional(),
    type: z.string().optional(),
    size: z.number().optional(),
  }),
})

/** What a webhook call did: mirrored a message, already had it, or ignored the event. */
export type MirrorOutcome = 'stored' | 'duplicate' | 'ignored'

/** Mirror one webhook call's event into the chat's tables. */
export async function mirrorSendbirdEvent(
  context: ChatContext,
  body: unknown,
): Promise<MirrorOutcome> {
  const parsed = messageSend.safeParse(body)
  if (!parsed.success) return 'ignored'
  const event = parsed.data
  // User and file messages of people the product knows; admin messages are Sendbird's own.
  if (event.type !== 'MESG' && event.type !== 'FILE') return 'ignored'
  const ids = [...new Set([event.sender.user_id, ...event.members.map((m) => m.user_id)])]
  const known = await profilesOf(context.db, ids)
  if (!known.has(event.sender.user_id)) return 'ignored'
  const url = mirroredChannelUrl(event.channel.channel_url)
  const customType = (CHAT_CHANNEL_TYPES as readonly string[]).includes(
    event.channel.custom_type ?? '',
  )
    ? event.channel.custom_type!
    : 'group'
  const createdAt = new Date(event.payload.created_at)
  const file = event.type === 'FILE'
  return transaction(context.db, async (tx) => {
    await insertChannel(tx, {
      url,
      customType,
      name: event.channel.name || 'Group Channel',
      data: { sendbird_channel_url: event.channel.channel_url },
      createdAt,
    })
    await addMembersIfMissing(
      tx,
      [...known.keys()].map((userId) => ({
        channelUrl: url,
        userId,
        state: 'joined',
        role: 'none',
        joinedAt: createdAt,
      })),
    )
    const row = await insertMessage(tx, {
      channelUrl: url,
      senderId: event.sender.user_id,
      messageType: file ? 'file' : 'user',
      // A file stays at Sendbird: its link and facts are kept as the message.
      message: file ? (event.payload.url ?? '') : (event.payload.message ?? ''),
      customType: event.payload.custom_type ?? '',
      data: file
        ? JSON.stringify({
            name: event.payload.name ?? '',
            type: event.payload.type ?? '',
            size: event.payload.size ?? 0,
          })
        : (event.payload.data ?? ''),
      reqId: `sendbird:${event.payload.message_id}`,
      createdAt,
    })
    if (!row) return 'duplicate'
    const channel = (await channelByUrl(tx, url))!
    if (!channel.lastMessageAt || channel.lastMessageAt <= createdAt) {
      await bumpChannel(tx, channel, row, customType === 'direct')
    }
    return 'stored'
  })
}
