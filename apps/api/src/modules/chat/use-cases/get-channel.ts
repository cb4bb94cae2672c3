// GET /api/chat/channels/{url}/: one channel as the caller sees it (members, or the compliance
// officer of a firm taking part).
import type { ChatChannel } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { viewOf } from '../channels.ts'
import { reader, readableChannel, type ChatContext } from '../context.ts'

/** One channel. */
export async function getChannel(
  context: ChatContext,
  caller: AuthUser,
  url: string,
): Promise<ChatChannel> {
  const viewer = await reader(context, caller)
  const { channel } = await readableChannel(context.db, caller, url)
  return viewOf(context.db, channel, viewer, context.now())
}
