// The product's own chat service (issue 20; docs/decisions/160-chat-service.md): the chat session
// calls and chatter calls of spec section 7, and the REST a chat client needs where the spec only
// names the provider's calls (create group channel, message collections, send, markAsRead…).
// Wire names of channels, members and messages follow spec section 3 (camelCase, as the chat
// provider's objects); the spec's snake_case query fields stay as written.
import { z } from './runtime.ts'
import { CHAT_USER_SEARCH_PAGE_SIZE, MESSAGE_DEFAULT_LIMIT } from '../constants.ts'
import { DEFAULT_CHANNEL_NAME } from '../entities.ts'
import { VALIDATION_MESSAGES as M } from './messages.ts'
import {
  CHAT_CHANNEL_MAX_MEMBERS,
  CHAT_CHANNEL_TYPES,
  CHAT_CUSTOM_TYPES,
  CHAT_DOWNLOAD_MAX_DAYS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
} from '../chat.ts'
import {
  hasControlCharacters,
  pageField,
  plainText,
  QUERY_MESSAGES,
  queryFlag,
  searchParamField,
  strictShape,
} from './query.ts'

const CM = CHAT_MESSAGES

const idField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(64, CM.userNotFound)
    .refine((value) => !hasControlCharacters(value), QUERY_MESSAGES.controlCharacters)

const userIdsField = z
  .array(idField(CM.userIdsRequired), { error: CM.userIdsRequired })
  .max(CHAT_CHANNEL_MAX_MEMBERS, CM.tooManyMembers)

const reqIdField = z
  .string({ error: CM.reqIdRequired })
  .regex(/^[A-Za-z0-9._-]{1,64}$/, CM.reqIdFormat)

const nameField = plainText(100, CM.nameTooLong)

// ---- chat session (spec section 7) --------------------------------------------------------------

/** `POST /api/issue-sb-session-token` and `DELETE /api/remove-sb-session`: `{userId}`. */
export const chatSessionRequestSchema = strictShape({ userId: idField(CM.userNotSet) })
/** A chat session request. */
export type ChatSessionRequest = z.output<typeof chatSessionRequestSchema>

/** A chat session token of the local service, and when it expires (ms since 1970). */
export const chatSessionTokenSchema = z.object({ token: z.string(), expires_at: z.number() })
/** A chat session token. */
export type ChatSessionToken = z.output<typeof chatSessionTokenSchema>

// ---- chatter: users ----------------------------------------------------------------------------

/** `GET api/chatter/user/search`: people to chat with (page size 20, spec section 9). */
export const chatUserSearchQuerySchema = strictShape({
  search_param: searchParamField,
  page: pageField,
  page_size: z.coerce
    .number({ error: M.shouldBeNumber })
    .int(M.shouldBeNumber)
    .min(1, CM.pageSizeRange)
    .max(100, CM.pageSizeRange)
    .default(CHAT_USER_SEARCH_PAGE_SIZE),
  /** People the caller already talks to or deals with, most recent conversation first. */
  suggested: queryFlag.optional(),
  /** Only the caller's colleagues, its partner firms' people and those it shares a channel with. */
  connections_only: queryFlag.optional(),
})
/** A chat user search. */
export type ChatUserSearchQuery = z.output<typeof chatUserSearchQuerySchema>

/** A person one can chat with. `brand_name` "-" means none (spec section 3). */
export const chatUserSchema = z.object({
  user_id: z.string(),
  nickname: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  client_id: z.string(),
  brand_name: z.string(),
  is_staff: z.boolean(),
  is_broker: z.boolean(),
  /** A colleague, a partner firm's person, or someone the caller shares a channel with. */
  is_connection: z.boolean(),
  /** Has accepted the chat terms (direct chats with users not onboarded are hidden). */
  user_onboarded: z.boolean(),
})
/** A chat user. */
export type ChatUser = z.output<typeof chatUserSchema>

/** A page of people. */
export const chatUserPageSchema = z.object({
  results: z.array(chatUserSchema),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
})
/** A page of chat users. */
export type ChatUserPage = z.output<typeof chatUserPageSchema>

/** `POST api/chatter/invite-users {sendbird_user_ids}`: ask people onto chat. */
export const chatInviteUsersSchema = strictShape({
  sendbird_user_ids: userIdsField.min(1, CM.userIdsRequired).max(50, 'Invite at most 50 people'),
})
/** An invite-users request. */
export type ChatInviteUsers = z.output<typeof chatInviteUsersSchema>

/** Who was asked: those not yet onboarded got an e-mail. */
export const chatInviteUsersResultSchema = z.object({
  results: z.array(
    z.object({ user_id: z.string(), user_onboarded: z.boolean(), invited: z.boolean() }),
  ),
})
/** The answer to invite-users. */
export type ChatInviteUsersResult = z.output<typeof chatInviteUsersResultSchema>

/** The caller as the chat service knows it. */
export const chatMeSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  metaData: z.object({
    is_staff: z.string(),
    is_active: z.string(),
    client_id: z.string(),
    brand_name: z.string(),
  }),
  data: z.string(),
  has_accepted_chat_terms: z.boolean(),
  /** May send and create channels (compliance officers read only). */
  can_chat: z.boolean(),
  /**
   * The chat provider the server configured: absent (or `local`) means the product's own chat
   * service; `sendbird` names the Sendbird application the client connects to instead.
   */
  provider: z
    .object({ kind: z.enum(['local', 'sendbird']), appId: z.string().optional() })
    .optional(),
  /** WhatsApp is configured on this server: operators may link groups and trading groups. */
  whatsapp: z.boolean().optional(),
})
/** The caller's chat profile. */
export type ChatMe = z.output<typeof chatMeSchema>

// ---- download (spec section 7) -----------------------------------------------------------------

const timeField = z
  .union([z.number(), z.string()], { error: CM.timeFormat })
  .transform((v, ctx) => {
    const ms = typeof v === 'number' ? v : /^\d{1,15}$/.test(v) ? Number(v) : Date.parse(v)
    if (!Number.isFinite(ms) || ms < 0 || ms > 8.64e15) {
      ctx.addIssue({ code: 'custom', message: CM.timeFormat })
      return z.NEVER
    }
    return ms
  })

/** `POST /api/download-chats {startTime, endTime, channelIds}`: one channel's messages in a range. */
export const downloadChatsSchema = strictShape({
  startTime: timeField,
  endTime: timeField,
  channelIds: z
    .array(z.string().min(1, CM.oneChannel).max(100, CM.channelNotFound), { error: CM.oneChannel })
    .length(1, CM.oneChannel),
})
  .refine((body) => body.endTime > body.startTime, {
    message: CM.endBeforeStart,
    path: ['endTime'],
  })
  .refine((body) => body.endTime - body.startTime <= 86_400_000 * CHAT_DOWNLOAD_MAX_DAYS, {
    message: CM.rangeTooLong,
    path: ['endTime'],
  })
/** A chat download request. */
export type DownloadChats = z.output<typeof downloadChatsSchema>

// ---- channels ----------------------------------------------------------------------------------

/** A channel's url in a path (an unknown one is a 404). */
export const chatChannelParamsSchema = z.object({ url: z.string().min(1).max(100) })
/** A file's id in a path. */
export const chatFileParamsSchema = z.object({ id: z.string().min(1).max(100) })
/** A member's user id in a path. */
export const chatChannelUserParamsSchema = z.object({
  url: z.string().min(1).max(100),
  userId: z.string().min(1).max(100),
})

/**
 * `POST /api/chat/channels/`: create a group channel with the provider's parameters (spec section 7:
 * isDistinct, invitedUserIds, operatorUserIds, name, customType). Direct channels are distinct.
 */
export const chatChannelCreateSchema = strictShape({
  customType: z.enum(CHAT_CHANNEL_TYPES, { error: CM.channelType }),
  name: nameField.optional(),
  invitedUserIds: userIdsField.default([]),
  operatorUserIds: userIdsField.optional(),
  isDistinct: z.boolean({ error: 'Should be true or false' }).optional(),
})
/** A channel to create. */
export type ChatChannelCreate = z.output<typeof chatChannelCreateSchema>

/** `PATCH /api/chat/channels/{url}/`: rename (operators). */
export const chatChannelUpdateSchema = strictShape({
  name: nameField.transform((value) => (value === '' ? DEFAULT_CHANNEL_NAME : value)),
})
/** A channel change. */
export type ChatChannelUpdate = z.output<typeof chatChannelUpdateSchema>

/** `PUT /api/chat/channels/{url}/whatsapp/ {number}`: link a channel to a WhatsApp number. */
export const chatWhatsappLinkSchema = strictShape({
  number: z
    .string({ error: CM.whatsappNumber })
    .trim()
    .regex(/^\+?[1-9]\d{7,14}$/, CM.whatsappNumber)
    .transform((value) => value.replace(/^\+/, '')),
})
/** A WhatsApp link. */
export type ChatWhatsappLink = z.output<typeof chatWhatsappLinkSchema>

/** Invite, or make operators: `{userIds}`. */
export const chatUserIdsSchema = strictShape({
  userIds: userIdsField.min(1, CM.userIdsRequired).max(100, 'At most 100 people at once'),
})
/** User ids to act on. */
export type ChatUserIds = z.output<typeof chatUserIdsSchema>

/** Ban or unban one member: `{userId}` (and an optional reason). */
export const chatBanSchema = strictShape({
  userId: idField(CM.userNotFound),
  description: plainText(200, 'Should be at most 200 characters').optional(),
})
/** A ban. */
export type ChatBan = z.output<typeof chatBanSchema>

/** `GET /api/chat/channels/`: one page of the caller's channels, most recent activity first. */
export const chatChannelListQuerySchema = strictShape({
  limit: z.coerce
    .number({ error: M.shouldBeNumber })
    .int(M.shouldBeNumber)
    .min(1, CM.pageSizeRange)
    .max(100, CM.pageSizeRange)
    .default(20),
  /** The `next` of the previous page. */
  token: z.string().max(200, CM.cursor).optional(),
  customType: z.enum(CHAT_CHANNEL_TYPES, { error: CM.channelType }).optional(),
})
/** A channel list query. */
export type ChatChannelListQuery = z.output<typeof chatChannelListQuerySchema>

const messageLimit = (fallback: number) =>
  z.coerce
    .number({ error: M.shouldBeNumber })
    .int(M.shouldBeNumber)
    .min(0, CM.limitRange)
    .max(200, CM.limitRange)
    .default(fallback)

/**
 * `GET /api/chat/channels/{url}/messages/`: messages around a point (a time `ts` in ms, or a
 * `message_id`; neither: now): `prev_limit` before it, `next_limit` after it, oldest first.
 */
export const chatMessageListQuerySchema = strictShape({
  ts: z.coerce.number({ error: M.shouldBeNumber }).int(M.shouldBeNumber).min(0).optional(),
  message_id: z.coerce.number({ error: M.shouldBeNumber }).int(M.shouldBeNumber).min(0).optional(),
  prev_limit: messageLimit(MESSAGE_DEFAULT_LIMIT),
  next_limit: messageLimit(0),
  /** Include the message at the point itself. */
  inclusive: queryFlag.optional(),
}).refine((query) => query.ts === undefined || query.message_id === undefined, {
  message: CM.pointBoth,
  path: ['message_id'],
})
/** A message list query. */
export type ChatMessageListQuery = z.output<typeof chatMessageListQuerySchema>

/** `POST /api/chat/channels/{url}/messages/`: a user message or a buzz, idempotent on reqId. */
export const chatSendSchema = strictShape({
  reqId: reqIdField,
  message: z
    .string({ error: CM.messageRequired })
    .max(CHAT_MESSAGE_MAX_LENGTH, CM.messageTooLong)
    .default(''),
  customType: z.literal(CHAT_CUSTOM_TYPES.buzz, { error: 'Custom type is buzz' }).optional(),
}).refine((body) => body.customType === 'buzz' || body.message.trim() !== '', {
  message: CM.messageRequired,
  path: ['message'],
})
/** A message to send. */
export type ChatSend = z.output<typeof chatSendSchema>

/** `POST /api/chat/channels/{url}/files/`: the query of a raw file upload. */
export const chatFileQuerySchema = strictShape({
  reqId: reqIdField,
  fileName: z
    .string({ error: CM.fileName })
    .trim()
    .min(1, CM.fileName)
    .max(200, CM.fileName)
    .refine((value) => !hasControlCharacters(value), QUERY_MESSAGES.controlCharacters),
  mimeType: z.string({ error: CM.fileType }).trim().toLowerCase().max(120, CM.fileType),
})
/** A file upload's query. */
export type ChatFileQuery = z.output<typeof chatFileQuerySchema>

/** Mark read or delivered: nothing to say (the whole channel up to its last message). */
export const chatMarkSchema = strictShape({}).nullish()
