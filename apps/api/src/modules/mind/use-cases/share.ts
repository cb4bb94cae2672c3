// Sharing a chat read-only at /mind/public/{id}: an unguessable id, an optional expiry, revoked at
// will; the public view carries the conversation only (no account data).
import { MIND_MESSAGES, type MindPublicChat, type MindShare } from '@bonds/domain'
import { randomBytes } from 'node:crypto'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { chatNotFound, type MindContext } from '../context.ts'
import { chatByPublicId, chatOf, messagesOf, updateChat } from '../repo.ts'
import { shareOf, toMessage } from '../views.ts'

/** A public id: 24 URL-safe characters from 18 random bytes (144 bits). */
function newPublicId(): string {
  return randomBytes(18).toString('base64url')
}

/** Publish a chat (a new public id each time; the previous link stops working). */
export async function shareChat(
  { db, now }: MindContext,
  user: AuthUser,
  id: string,
  request: { expires_at?: string | null | undefined },
): Promise<MindShare> {
  const chat = await chatOf(db, user.id, id)
  if (!chat) throw chatNotFound()
  const at = now()
  const expires = request.expires_at ? new Date(request.expires_at) : null
  if (expires && expires.getTime() <= at.getTime()) {
    throw new HttpError(400, MIND_MESSAGES.expiryPast, { expires_at: MIND_MESSAGES.expiryPast })
  }
  const row = await updateChat(db, chat.id, {
    publicId: newPublicId(),
    sharedAt: at,
    shareExpiresAt: expires,
  })
  return shareOf(row)!
}

/** Revoke a chat's public link. */
export async function revokeShare({ db }: MindContext, user: AuthUser, id: string): Promise<void> {
  const chat = await chatOf(db, user.id, id)
  if (!chat) throw chatNotFound()
  await updateChat(db, chat.id, { publicId: null, sharedAt: null, shareExpiresAt: null })
}

/** A shared chat, read-only, for anyone: 404 when unknown, revoked or expired. */
export async function publicChat(
  { db, now }: MindContext,
  publicId: string,
): Promise<MindPublicChat> {
  const chat = /^[A-Za-z0-9_-]{24}$/.test(publicId) ? await chatByPublicId(db, publicId) : undefined
  if (
    !chat ||
    !chat.sharedAt ||
    (chat.shareExpiresAt && chat.shareExpiresAt.getTime() <= now().getTime())
  ) {
    throw new HttpError(404, MIND_MESSAGES.publicNotFound)
  }
  return {
    title: chat.title,
    shared_at: chat.sharedAt.toISOString(),
    expires_at: chat.shareExpiresAt?.toISOString() ?? null,
    messages: (await messagesOf(db, chat.id)).map(toMessage),
  }
}
