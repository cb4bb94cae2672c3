// POST /api/download-chats {startTime, endTime, channelIds (one id)}: one channel's messages in a
// time range as a CSV file (spec section 7; the response is ours: decision 160), for a member of
// the channel or the compliance officer of a firm taking part in it. Attachments are listed with
// their links; notices meant for one member only are in the compliance officer's copy alone.
// Every download is in the audit log. With Sendbird, a channel is named by Sendbird's url and read
// from its mirror (decision 275).
import type { DownloadChats } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { isCompliance, reader, readableChannel, type ChatContext } from '../context.ts'
import { chatCsv, exportFileName } from '../export.ts'
import { messagesInRange } from '../messages-repo.ts'
import { profilesOf } from '../people.ts'
import { audit, membersOf } from '../repo.ts'
import { isChannelUrl } from '../context.ts'
import { mirroredChannelUrl } from '../outside/sendbird-webhook.ts'

/** A file to send back. */
export interface ChatExport {
  fileName: string
  text: string
  count: number
}

/** Export a channel's messages. */
export async function downloadChats(
  context: ChatContext,
  caller: AuthUser,
  body: DownloadChats,
  ip?: string,
): Promise<ChatExport> {
  await reader(context, caller)
  const id = body.channelIds[0]!
  const url = context.outside.sendbird && !isChannelUrl(id) ? mirroredChannelUrl(id) : id
  const { channel } = await readableChannel(context.db, caller, url)
  const start = new Date(body.startTime)
  const end = new Date(body.endTime)
  const messages = await messagesInRange(
    context.db,
    channel.url,
    isCompliance(caller) ? null : caller.id,
    start,
    end,
  )
  const profiles = await profilesOf(
    context.db,
    messages.map((m) => m.senderId).filter((id): id is string => id !== null),
  )
  await audit(context.db, {
    actor: caller.id,
    action: 'chat_downloaded',
    ip,
    detail: {
      channel: channel.url,
      start: start.toISOString(),
      end: end.toISOString(),
      messages: messages.length,
    },
  })
  // A direct chat is named after its two people.
  const people =
    channel.customType === 'direct'
      ? [
          ...(
            await profilesOf(
              context.db,
              (await membersOf(context.db, [channel.url])).map((m) => m.userId),
            )
          ).values(),
        ]
          .map((p) => p.nickname)
          .sort()
      : []
  return {
    fileName: exportFileName(channel, start, end, people),
    text: chatCsv(messages, profiles, context.publicUrl),
    count: messages.length,
  }
}
