// Stored chats and messages as the API answers them (the @bonds/domain mind schemas).
import type { MindChatSummary, MindMessage, MindResult, MindShare } from '@bonds/domain'
import type { ChatRow, MessageRow } from './repo.ts'

/** The page a shared chat opens at. */
export function publicPath(publicId: string): string {
  return `/mind/public/${publicId}`
}

/** How a chat is shared, or null. */
export function shareOf(row: ChatRow): MindShare | null {
  if (!row.publicId || !row.sharedAt) return null
  return {
    public_id: row.publicId,
    path: publicPath(row.publicId),
    shared_at: row.sharedAt.toISOString(),
    expires_at: row.shareExpiresAt?.toISOString() ?? null,
  }
}

/** A chat in the history. */
export function toSummary(row: ChatRow): MindChatSummary {
  return {
    id: row.id,
    title: row.title,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    share: shareOf(row),
  }
}

/** A stored message. */
export function toMessage(row: MessageRow): MindMessage {
  const answer = row.answer
  return {
    id: row.id,
    role: row.role === 'analyst' ? 'analyst' : 'user',
    text: row.text,
    result: (answer?.result as MindResult | undefined) ?? null,
    bonds: answer?.bonds ?? [],
    ...(answer?.table ? { table: answer.table } : {}),
    ...(answer?.chart ? { chart: answer.chart } : {}),
    created_at: row.createdAt.toISOString(),
  }
}
