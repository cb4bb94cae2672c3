// One message as one viewer sees it, read with what its view needs (the channel's type and first
// admin, the sender's and members' profiles).
import type { ChatMessage } from '@bonds/domain'
import type { Db } from '../../db/index.ts'
import { profilesOf } from './people.ts'
import { channelByUrl, membersOf } from './repo.ts'
import { firstAdminClientId, messageView, type MessageWithFile, type Viewer } from './views.ts'

/** Several messages of one channel as a viewer sees them. */
export async function messagesFor(
  db: Db,
  channelUrl: string,
  messages: readonly MessageWithFile[],
  viewer: Viewer,
): Promise<ChatMessage[]> {
  const [channel, members] = await Promise.all([
    channelByUrl(db, channelUrl),
    membersOf(db, [channelUrl]),
  ])
  const profiles = await profilesOf(db, [
    ...members.map((m) => m.userId),
    ...messages.map((m) => m.senderId).filter((id): id is string => id !== null),
  ])
  const facts = {
    customType: channel?.customType ?? '',
    adminClientId: firstAdminClientId(members, profiles),
    profiles,
  }
  return messages.map((message) => messageView(message, facts, viewer))
}

/** One message as a viewer sees it. */
export async function messageFor(
  db: Db,
  message: MessageWithFile,
  viewer: Viewer,
): Promise<ChatMessage> {
  const [view] = await messagesFor(db, message.channelUrl, [message], viewer)
  return view!
}
