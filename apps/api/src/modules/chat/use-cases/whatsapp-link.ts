// PUT and DELETE /api/chat/channels/{url}/whatsapp/: an operator links a group or trading group to
// a WhatsApp number (one channel per number), or unlinks it; members re-read the channel, which
// now carries `is_whatsapp_linked_channel` (decision 279). Needs WhatsApp configured.
import { CHAT_MESSAGES as CM, type ChatChannel, type ChatWhatsappLink } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
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
import { channelByWhatsappNumber, setWhatsappNumber } from '../outside/whatsapp-repo.ts'
import { membersOf } from '../repo.ts'

/** Link a channel to a number (null: unlink). */
export async function linkWhatsapp(
  context: ChatContext,
  caller: AuthUser,
  url: string,
  body: ChatWhatsappLink | null,
): Promise<ChatChannel> {
  const me = await chatter(context, caller)
  if (!context.outside.whatsapp) throw new HttpError(404, CM.notConfigured)
  const at = context.now()
  const number = body?.number ?? null
  const { channel, items } = await transaction(context.db, async (tx) => {
    const found = await memberChannel(tx, me.userId, url, { lock: true })
    requireOperator(found.me)
    if (found.channel.customType !== 'group' && found.channel.customType !== 'trading group') {
      throw bad('number', CM.whatsappChannelType)
    }
    const holder = number ? await channelByWhatsappNumber(tx, number) : undefined
    if (holder && holder.url !== url) throw bad('number', CM.whatsappNumberTaken)
    await setWhatsappNumber(tx, url, number)
    const members = await membersOf(tx, [url])
    const entries = channelEntries(audienceOf(members), url, 'updated', [])
    return {
      channel: { ...found.channel, whatsappNumber: number },
      items: await appendEvents(tx, entries, at),
    }
  })
  await context.events.deliver(items)
  return viewOf(context.db, channel, me, at)
}
