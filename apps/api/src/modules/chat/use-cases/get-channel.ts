// GET /api/chat/channels/{url}/: one channel as the caller sees it (members, or the compliance
// officer of a firm taking part), with the caller's event sequence it is as of (decision 371).
import type { ChatChannel } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { viewOf } from '../channels.ts'
import { reader, readableChannel, snapshot, type ChatContext } from '../context.ts'
import { latestSeq } from '../events-repo.ts'

/** One channel. */
export async function getChannel(
  context: ChatContext,
  caller: AuthUser,
  url: string,
): Promise<ChatChannel> {
  const viewer = await reader(context, caller)
  return snapshot(context.db, async (tx) => {
    const seq = await latestSeq(tx, caller.id)
    const { channel } = await readableChannel(tx, caller, url)
    return { ...(await viewOf(tx, channel, viewer, context.now())), seq }
  })
}
