// Keep the per-user event table bounded (decision 278): events older than
// CHAT_EVENT_RETENTION_MS, and beyond each user's last CHAT_EVENTS_KEPT_PER_USER, are forgotten.
// A socket reconnecting from before what is kept gets `resync` and reloads by REST.
import { CHAT_EVENT_RETENTION_MS, CHAT_EVENTS_KEPT_PER_USER } from '@bonds/domain'
import type { ChatContext } from '../context.ts'
import { pruneEvents } from '../events-repo.ts'

/** Forget old events; how many went. */
export async function pruneChatEvents(context: ChatContext): Promise<number> {
  const before = new Date(context.now().getTime() - CHAT_EVENT_RETENTION_MS)
  return pruneEvents(context.db, before, CHAT_EVENTS_KEPT_PER_USER)
}
