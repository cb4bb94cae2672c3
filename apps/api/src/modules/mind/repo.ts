// mind's tables (mind_chats, mind_messages) and their queries; nothing else touches them.
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { mindChats, mindMessages, type MindAnswerData } from '../../db/schema.ts'

/** A stored chat. */
export type ChatRow = typeof mindChats.$inferSelect
/** A stored message. */
export type MessageRow = typeof mindMessages.$inferSelect

/** A new chat of a user. */
export async function insertChat(
  db: Db,
  chat: { id: string; userId: string; title: string; at: Date },
) {
  const [row] = await db
    .insert(mindChats)
    .values({
      id: chat.id,
      userId: chat.userId,
      title: chat.title,
      createdAt: chat.at,
      updatedAt: chat.at,
    })
    .returning()
  return row!
}

/** A user's chat by id, or undefined (another user's chat is not found either). */
export async function chatOf(db: Db, userId: string, id: string): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(mindChats)
    .where(and(eq(mindChats.id, id), eq(mindChats.userId, userId)))
  return row
}

/** A user's chats, most recently used first. */
export function chatsOf(db: Db, userId: string): Promise<ChatRow[]> {
  return db
    .select()
    .from(mindChats)
    .where(eq(mindChats.userId, userId))
    .orderBy(desc(mindChats.updatedAt), desc(mindChats.id))
}

/** Change a chat's fields (title, share, updated time). */
export async function updateChat(
  db: Db,
  id: string,
  fields: Partial<
    Pick<ChatRow, 'title' | 'publicId' | 'sharedAt' | 'shareExpiresAt' | 'updatedAt'>
  >,
): Promise<ChatRow> {
  const [row] = await db.update(mindChats).set(fields).where(eq(mindChats.id, id)).returning()
  return row!
}

/** Delete a chat and its messages. */
export async function deleteChat(db: Db, id: string): Promise<void> {
  await db.delete(mindChats).where(eq(mindChats.id, id))
}

/** Append a message to a chat. */
export async function insertMessage(
  db: Db,
  message: {
    id: string
    chatId: string
    role: 'user' | 'analyst'
    text: string
    answer: MindAnswerData | null
    at: Date
  },
): Promise<MessageRow> {
  const [row] = await db
    .insert(mindMessages)
    .values({
      id: message.id,
      chatId: message.chatId,
      role: message.role,
      text: message.text,
      answer: message.answer,
      createdAt: message.at,
    })
    .returning()
  return row!
}

/** A chat's messages in order. */
export function messagesOf(db: Db, chatId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(mindMessages)
    .where(eq(mindMessages.chatId, chatId))
    .orderBy(asc(mindMessages.seq))
}

/** The chat shared under a public id, or undefined. */
export async function chatByPublicId(db: Db, publicId: string): Promise<ChatRow | undefined> {
  const [row] = await db.select().from(mindChats).where(eq(mindChats.publicId, publicId))
  return row
}
