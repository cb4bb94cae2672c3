// What the chat service answers: channels, members and messages as spec section 3 names their
// fields (the chat provider's objects), with the few fields the local service adds (decision 160).
import { z } from './runtime.ts'
import { MESSAGE_TYPES } from '../enums.ts'
import { CHAT_CHANNEL_TYPES } from '../chat.ts'

/** A member's metadata: strings, as the provider keeps them ("-" brand name means none). */
export const chatMetaDataSchema = z.object({
  is_staff: z.enum(['true', 'false']),
  is_active: z.enum(['true', 'false']),
  client_id: z.string(),
  brand_name: z.string(),
})

/** A channel member (spec section 3); `role` operator means admin. */
export const chatMemberSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  role: z.enum(['operator', 'none']),
  /** joined, invited, or (a broadcast list's recipient, seen only by its creator) recipient. */
  state: z.enum(['joined', 'invited', 'recipient']),
  connectionStatus: z.enum(['online', 'offline', 'nonavailable']),
  metaData: chatMetaDataSchema,
  /** JSON text holding user_onboarded. */
  data: z.string(),
  /** Read and delivered receipts: the last message this member has read, and has received. */
  lastReadMessageId: z.number().int(),
  lastDeliveredMessageId: z.number().int(),
})
/** A chat channel member. */
export type ChatMember = z.output<typeof chatMemberSchema>

/** A message (spec section 3) as one viewer sees it. */
export const chatMessageSchema = z.object({
  messageId: z.number().int(),
  channelUrl: z.string(),
  /** The sender's request id ("" for admin messages and broadcast copies). */
  reqId: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  /** Text of a user or admin message ("" for a file). */
  message: z.string(),
  /** MIME type of a file ("" otherwise). */
  type: z.string(),
  /** A file's name, size in bytes and download path (null otherwise). */
  name: z.string().nullable(),
  size: z.number().int().nullable(),
  url: z.string().nullable(),
  /** JSON text: {"type":"buzz"} or {"type":"declined_invite",…}; "" otherwise. */
  data: z.string(),
  /** "buzz", "declined_invite" or "". */
  customType: z.string(),
  sender: z.object({ userId: z.string(), nickname: z.string() }).nullable(),
  ogMetaData: z
    .object({ title: z.string().optional(), url: z.string(), description: z.string().optional() })
    .nullable(),
  /** ms since 1970. */
  createdAt: z.number(),
  /** In a trading group: sent and seen by people outside the first operator's firm (spec section 6). */
  isBrokerToBroker: z.boolean(),
})
/** A chat message. */
export type ChatMessage = z.output<typeof chatMessageSchema>

/** A channel (spec section 3) as one member sees it. */
export const chatChannelSchema = z.object({
  url: z.string(),
  customType: z.enum(CHAT_CHANNEL_TYPES),
  name: z.string(),
  memberCount: z.number().int(),
  isDistinct: z.boolean(),
  members: z.array(chatMemberSchema),
  lastMessage: chatMessageSchema.nullable(),
  unreadMessageCount: z.number().int(),
  /** ms since 1970. */
  createdAt: z.number(),
  /** When the caller was invited, ms (0 when not invited). */
  invitedAt: z.number(),
  inviter: z.object({ userId: z.string() }).nullable(),
  creator: z.object({ userId: z.string() }).nullable(),
  myMemberState: z.enum(['joined', 'invited', 'none']),
  myRole: z.enum(['operator', 'none']),
  /** JSON text that may hold created_from and last_direct_message_at (seconds). */
  data: z.string(),
  is_whatsapp_linked_channel: z.boolean(),
  /** The linked WhatsApp number (`+` and digits), to the channel's operators only (decision 335). */
  whatsapp_number: z.string().optional(),
  /**
   * The caller's chat event sequence this view is as of (the product's chat service's reads,
   * decision 371): events after it are not in it, events up to it are.
   */
  seq: z.number().int().optional(),
})
/** A chat channel. */
export type ChatChannel = z.output<typeof chatChannelSchema>

/** A page of channels; `next` reads the following page (null: the last one). */
export const chatChannelPageSchema = z.object({
  channels: z.array(chatChannelSchema),
  next: z.string().nullable(),
})
/** A page of channels. */
export type ChatChannelPage = z.output<typeof chatChannelPageSchema>

/** Messages around a point, oldest first, and whether more exist on each side. */
export const chatMessageListSchema = z.object({
  messages: z.array(chatMessageSchema),
  hasPrev: z.boolean(),
  hasNext: z.boolean(),
})
/** A list of messages. */
export type ChatMessageList = z.output<typeof chatMessageListSchema>
