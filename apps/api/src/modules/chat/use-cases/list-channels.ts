// GET /api/chat/channels/: one page of the caller's channels, most recent activity first (the
// client loads every page and sorts by spec section 4's rule). Broadcast lists only for their
// creator; a compliance officer gets every channel a person of the firm takes part in, view only.
// Each channel carries the caller's event sequence the page is as of (decision 371).
import { CHAT_MESSAGES as CM, type ChatChannelListQuery, type ChatChannelPage } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { channelParts } from '../channels.ts'
import { bad, isCompliance, reader, snapshot, type ChatContext } from '../context.ts'
import { latestSeq } from '../events-repo.ts'
import { channelPage, type ChannelCursor } from '../repo.ts'
import { channelView } from '../views.ts'

function readCursor(token: string | undefined): ChannelCursor | undefined {
  if (!token) return undefined
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as ChannelCursor
    if (Number.isFinite(value.at) && typeof value.url === 'string') return value
  } catch {
    // an unreadable cursor is answered below
  }
  throw bad('token', CM.cursor)
}

const writeCursor = (cursor: ChannelCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url')

/** One page of channels. */
export async function listChannels(
  context: ChatContext,
  caller: AuthUser,
  query: ChatChannelListQuery,
): Promise<ChatChannelPage> {
  const viewer = await reader(context, caller)
  const after = readCursor(query.token)
  const { rows, parts, seq } = await snapshot(context.db, async (tx) => {
    const seq = await latestSeq(tx, caller.id)
    const rows = await channelPage(
      tx,
      isCompliance(caller) ? { clientId: caller.clientId } : { memberId: caller.id },
      { limit: query.limit, after, customType: query.customType },
    )
    return { rows, parts: await channelParts(tx, rows), seq }
  })
  const now = context.now()
  const channels = parts.map((part) => ({
    ...channelView(part, viewer, part.members.find((m) => m.userId === caller.id) ?? null, now),
    seq,
  }))
  const last = rows[rows.length - 1]
  return {
    channels,
    next:
      last && rows.length === query.limit
        ? writeCursor({ at: (last.lastMessageAt ?? last.createdAt).getTime(), url: last.url })
        : null,
  }
}
