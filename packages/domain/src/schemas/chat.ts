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
  hasControlCharacters,
  pageField,
  plainText,
  QUERY_MESSAGES,
  queryFlag,
  searchParamField,
  strictShape,
} from './query.ts'

/** The chat channel types the service creates (spec section 9). */
export const CHAT_CHANNEL_TYPES = ['direct', 'group', 'trading group', 'broadcast'] as const
/** A chat channel type. */
export type ChatChannelType = (typeof CHAT_CHANNEL_TYPES)[number]

/** Custom message types: a buzz, and the notice of a declined invitation. */
export const CHAT_CUSTOM_TYPES = { buzz: 'buzz', declinedInvite: 'declined_invite' } as const

/** How long a chat session token lives, ms (a day; the client fetches a new one when told). */
export const CHAT_SESSION_TTL_MS = 24 * 60 * 60 * 1000
/** Longest text of one message, characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 5000
/** Largest file a message may carry, bytes (25 MiB). */
export const CHAT_FILE_MAX_BYTES = 25 * 1024 * 1024
/** Most people one group or trading group holds, and one broadcast list reaches. */
export const CHAT_CHANNEL_MAX_MEMBERS = 500
/** Most days one chat download spans. */
export const CHAT_DOWNLOAD_MAX_DAYS = 366
/** Most messages and files one user sends in CHAT_SEND_WINDOW_MS (decision 278). */
export const CHAT_SEND_LIMIT = 30
/** The window of the send limit, ms. */
export const CHAT_SEND_WINDOW_MS = 10_000
/** How long a user's chat events are kept for reconnecting sockets, ms (7 days; decision 278). */
export const CHAT_EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000
/** Most events kept per user, whatever their age (older ones mean a resync). */
export const CHAT_EVENTS_KEPT_PER_USER = 20_000
/** Most events one replay frame of the chat socket carries. */
export const CHAT_REPLAY_BATCH = 500
/** The chat socket's path. */
export const CHAT_SOCKET_PATH = '/ws/chat/'
/** The label a non-staff user sees for a staff member (spec section 6: the product's name). */
export const CHAT_STAFF_LABEL = 'Bonds Workspace'

/**
 * Files a message may carry: the MIME type the client names, and the extension the download is
 * given. Images and videos (spec section 5) are shown inline; the rest download.
 */
export const CHAT_FILE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
} as const
/** A MIME type a chat file may have. */
export type ChatFileType = keyof typeof CHAT_FILE_TYPES

/** Whether a MIME type is shown inline (an image or a video, spec section 5). */
export function isChatMedia(mimeType: string): boolean {
  return mimeType.startsWith('image/') || mimeType.startsWith('video/')
}

/** Messages of the chat service: the spec's ("user not set") and ours (decision 160). */
export const CHAT_MESSAGES = {
  userNotSet: 'user not set',
  notYourSession: 'You can only manage your own chat session',
  termsNotAccepted: 'Accept the chat terms before using chat',
  channelNotFound: 'Channel not found',
  userNotFound: 'No user found',
  messageRequired: 'Message is required',
  messageTooLong: `Should be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
  reqIdRequired: 'reqId is required',
  reqIdFormat: 'reqId is 1 to 64 letters, digits, dots, dashes or underscores',
  nameTooLong: 'Should be at most 100 characters',
  channelType: 'Channel type is one of direct, group, trading group, broadcast',
  directNeedsOne: 'A direct chat is with exactly one other user',
  broadcastNeedsRecipients: 'A broadcast list needs at least one recipient',
  tooManyMembers: `A channel holds at most ${CHAT_CHANNEL_MAX_MEMBERS} people`,
  notYourself: 'You cannot do this to yourself',
  operatorsInvited: 'Operators must be among the invited users',
  userIdsRequired: 'Choose at least one user',
  notOperator: 'Only an operator of the channel can do this',
  notMember: 'You are not a member of this channel',
  notInvited: 'You have no invitation to this channel',
  notJoined: 'Accept the invitation before sending messages',
  operatorMustJoin: 'Only a member who has joined can be an operator',
  alreadyMember: 'Already a member of this channel',
  banned: 'This user is banned from the channel',
  notBanned: 'This user is not banned from the channel',
  directFixed: 'A direct chat keeps its two members',
  dealerOnly: 'Only a Dealer can create a trading group',
  lastOperator: 'A channel keeps at least one operator',
  broadcastBuzz: 'A buzz goes to one channel, not a broadcast list',
  fileEmpty: 'The file is empty',
  fileTooLarge: `The file is larger than ${CHAT_FILE_MAX_BYTES / 1024 / 1024} MB`,
  fileType: 'This file type cannot be sent',
  fileContent: 'The file does not match its type',
  fileName: 'File name is 1 to 200 characters',
  fileNotFound: 'File not found',
  sendAsOctetStream: 'Send the file as application/octet-stream',
  oneChannel: 'Choose one channel',
  timeFormat: 'Should be a time (ms since 1970 or ISO-8601)',
  endBeforeStart: 'End time must be after start time',
  rangeTooLong: `A download spans at most ${CHAT_DOWNLOAD_MAX_DAYS} days`,
  pointBoth: 'Give ts or message_id, not both',
  limitRange: 'Limit is between 0 and 200',
  pageSizeRange: 'Page size is between 1 and 100',
  cursor: 'Unknown cursor',
  nothingToChange: 'Nothing to change',
  providerUnavailable: 'The chat service cannot be reached; try again',
  sendRateLimited: 'You are sending messages too fast; wait a moment',
  badSignature: 'The signature does not match',
  notConfigured: 'Not configured',
  whatsappNotLinked: 'This channel is not linked to a WhatsApp number',
  whatsappUnavailable: 'WhatsApp could not deliver the message; try again',
  whatsappNumber: 'Enter the WhatsApp number with its country code, e.g. +919812345678',
  whatsappChannelType: 'Only a group or trading group can be linked to WhatsApp',
  whatsappNumberTaken: 'This number is already linked to another channel',
  whatsappFileType:
    'WhatsApp does not take this type of file: send a PDF, a JPEG or PNG image, an MP4 video, text, CSV, Excel or Word',
} as const

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
