// The caller's chats: the history, one conversation, rename, delete.
import type { MindChat, MindChatList, MindChatSummary } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { chatNotFound, type MindContext } from '../context.ts'
import { chatOf, chatsOf, deleteChat as removeChat, messagesOf, updateChat } from '../repo.ts'
import { toMessage, toSummary } from '../views.ts'

/** The caller's chats, most recently used first. */
export async function listChats({ db }: MindContext, user: AuthUser): Promise<MindChatList> {
  return { results: (await chatsOf(db, user.id)).map(toSummary) }
}

/** One of the caller's chats with its messages. */
export async function getChat({ db }: MindContext, user: AuthUser, id: string): Promise<MindChat> {
  const chat = await chatOf(db, user.id, id)
  if (!chat) throw chatNotFound()
  return { ...toSummary(chat), messages: (await messagesOf(db, chat.id)).map(toMessage) }
}

/** Rename one of the caller's chats. */
export async function renameChat(
  { db }: MindContext,
  user: AuthUser,
  id: string,
  title: string,
): Promise<MindChatSummary> {
  const chat = await chatOf(db, user.id, id)
  if (!chat) throw chatNotFound()
  return toSummary(await updateChat(db, chat.id, { title }))
}

/** Delete one of the caller's chats (its public link dies with it). */
export async function deleteChat({ db }: MindContext, user: AuthUser, id: string): Promise<void> {
  const chat = await chatOf(db, user.id, id)
  if (!chat) throw chatNotFound()
  await removeChat(db, chat.id)
}
