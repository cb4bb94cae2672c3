// What every chat use case is given, and the checks several share: who may chat (a trading role,
// the chat terms accepted), who may read a channel (its members; a compliance officer of a firm
// taking part), a transaction that is retried when PostgreSQL breaks a deadlock, and a read in one
// snapshot.
import { CHAT_MESSAGES as CM } from '@bonds/domain'
import type { Db } from '../../db/index.ts'
import type { FileStore } from '../../files/store.ts'
import type { AuthUser } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import type { Clock } from '../../server-module.ts'
import type { ChatEvents } from './events.ts'
import type { ChatOutside } from './outside/index.ts'
import { CHAT_ROLES, profileById, type Profile } from './people.ts'
import { channelByUrl, clientTakesPartIn, memberOf } from './repo.ts'
import type { ChannelRow, MemberRow } from './views.ts'

/** Sends an e-mail (the outbox, wired by the server). */
export type SendEmail = (message: {
  recipient: string
  subject: string
  body: string
}) => Promise<void>

/** What the chat's use cases run with. */
export interface ChatContext {
  db: Db
  now: Clock
  files: FileStore
  events: ChatEvents
  sendEmail: SendEmail
  /** The address users reach the product at (links in e-mails). */
  publicUrl: string
  /** Outside services when configured (Sendbird, WhatsApp, link previews). */
  outside: ChatOutside
  /** Most sends per user in a window (CHAT_SEND_LIMIT in CHAT_SEND_WINDOW_MS by default). */
  sendLimit: { max: number; windowMs: number }
}

/** A 400 naming the field at fault. */
export const bad = (field: string, message: string) =>
  new HttpError(400, message, { [field]: message })

/** The 404 of a channel the caller may not see (whether or not it exists). */
export const channelNotFound = () => new HttpError(404, CM.channelNotFound)

/** A 403 with a message. */
export const forbidden = (message: string) => new HttpError(403, message)

/** Channel urls the service makes: `ch_` and 32 hex digits; anything else is not found. */
export const isChannelUrl = (url: string) => /^ch_[0-9a-f]{32}$/.test(url)

/** A compliance officer (reads the firm's chats, never writes; spec section 6). */
export const isCompliance = (caller: AuthUser) => caller.roles.includes('complianceofficer')

/** Holds a role that chats. */
export const hasChatRole = (caller: AuthUser) =>
  caller.roles.some((role) => (CHAT_ROLES as readonly string[]).includes(role))

/**
 * The caller as a chatting user: in a chat role, not a compliance officer, the chat terms accepted
 * (`PATCH api/client/chat-terms/` first).
 */
export async function chatter(context: ChatContext, caller: AuthUser): Promise<Profile> {
  if (!hasChatRole(caller) || isCompliance(caller)) {
    throw forbidden('You do not have permission to perform this action.')
  }
  const profile = await profileById(context.db, caller.id)
  if (!profile) throw new HttpError(401, 'Authentication credentials were not provided.')
  if (!profile.onboarded) {
    throw new HttpError(403, CM.termsNotAccepted, { has_accepted_chat_terms: CM.termsNotAccepted })
  }
  return profile
}

/** The caller as a reader: a chatting user, or a compliance officer (no terms needed). */
export async function reader(context: ChatContext, caller: AuthUser): Promise<Profile> {
  if (!isCompliance(caller)) return chatter(context, caller)
  const profile = await profileById(context.db, caller.id)
  if (!profile) throw new HttpError(401, 'Authentication credentials were not provided.')
  return profile
}

/** A channel the user is a member of (joined or invited; a broadcast list: its creator only). */
export async function memberChannel(
  db: Db,
  userId: string,
  url: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<{ channel: ChannelRow; me: MemberRow }> {
  const channel = isChannelUrl(url) ? await channelByUrl(db, url, { lock }) : undefined
  const me = channel ? await memberOf(db, url, userId) : undefined
  if (!channel || !me || (me.state !== 'joined' && me.state !== 'invited')) {
    throw channelNotFound()
  }
  if (channel.customType === 'broadcast' && channel.creatorId !== userId) throw channelNotFound()
  return { channel, me }
}

/** A channel the caller may read: as a member, or as the compliance officer of a firm in it. */
export async function readableChannel(
  db: Db,
  caller: AuthUser,
  url: string,
): Promise<{ channel: ChannelRow; me: MemberRow | null }> {
  if (!isCompliance(caller)) return memberChannel(db, caller.id, url)
  const channel = isChannelUrl(url) ? await channelByUrl(db, url) : undefined
  if (!channel || !(await clientTakesPartIn(db, caller.clientId, url))) throw channelNotFound()
  return { channel, me: null }
}

/** The caller must be an operator of the channel. */
export function requireOperator(me: MemberRow): void {
  if (me.role !== 'operator' || me.state !== 'joined') throw forbidden(CM.notOperator)
}

const RETRIED = new Set(['40P01', '40001'])

/**
 * Read in one snapshot (repeatable read, read only): everything read is as of one moment, so a
 * channel read beside the caller's event sequence holds exactly the events up to that number (a
 * user's events are numbered under a lock held to commit, so number order is commit order).
 */
export function snapshot<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx as unknown as Db), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  })
}

/** Run a transaction, once more if PostgreSQL chose it as a deadlock's or serialization's victim. */
export async function transaction<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => run(tx as unknown as Db))
    } catch (error) {
      let code: unknown
      for (let e: unknown = error; e && !code; e = (e as { cause?: unknown }).cause) {
        code = (e as { code?: unknown }).code
      }
      if (attempt >= 3 || !RETRIED.has(String(code))) throw error
    }
  }
}
