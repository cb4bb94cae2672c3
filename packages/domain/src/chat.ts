// The chat service's constants and texts (issue 20; decision 160), apart from its schemas
// (schemas/chat.ts) so the chat screens' first load takes them without zod (decision 342).
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
