// The browser's checks of what the two sockets send it (decision 342): every frame of the trade
// socket and of the chat socket is checked before anything reads it, on the first load of every
// page that streams. Written by hand, without zod, because zod's core (about 17 kB gzipped) would
// otherwise be in that first load for these two checks alone. They apply the rules of the zod
// schemas the server is described by, `socketServerFrameSchema` (socket-messages.ts) and
// `chatSocketServerMessageSchema` (chat-socket.ts, with `chatMessageSchema` of
// schemas/chat-views.ts), which stay the one source of truth: socket-guards.test.ts runs both over
// valid frames of every kind and every one-field breakage of them and fails when they disagree, so
// a schema changed without its guard fails the tests. As zod's objects do, unknown keys pass.
import type { ChatSocketServerMessage } from './chat-socket.ts'
import { MESSAGE_TYPES } from './enums.ts'
import {
  CHAT_CHANNEL_REASONS,
  CHAT_REMOVED_REASONS,
  CHAT_SOCKET_ERRORS,
  SOCKET_REFRESH_TARGETS,
  SOCKET_STREAM_TYPES,
} from './socket-constants.ts'
import type { SocketServerFrame } from './socket-constants.ts'

type Fields = Record<string, unknown>

/** A JSON object (not an array, not null), as zod's object and record take. */
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isString = (value: unknown): value is string => typeof value === 'string'
/** zod's number: finite. */
const isNumber = (value: unknown): value is number =>
  // Stryker disable next-line ConditionalExpression: Number.isFinite is false for any non-number (it does not coerce)
  typeof value === 'number' && Number.isFinite(value)
/** zod's int: a safe integer. */
const isInt = (value: unknown): value is number => Number.isSafeInteger(value)
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'
const oneOf =
  (values: readonly string[]) =>
  (value: unknown): boolean =>
    isString(value) && values.includes(value)
const orNull =
  (check: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    value === null || check(value)
const orAbsent =
  (check: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    value === undefined || check(value)
const arrayOf =
  (check: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    Array.isArray(value) && value.every(check)

/** An object whose listed fields each pass their check (other keys are not looked at). */
const shape =
  (fields: Record<string, (value: unknown) => boolean>) =>
  (value: unknown): boolean =>
    isObject(value) && Object.entries(fields).every(([key, check]) => check(value[key]))

// ---- the trade socket (socket-messages.ts) ----

const isStreamType = oneOf(SOCKET_STREAM_TYPES)
const isRefreshTarget = oneOf(SOCKET_REFRESH_TARGETS)

function isTradeMessage(value: unknown): boolean {
  if (!isObject(value)) return false
  if (isStreamType(value.type)) return isObject(value.data)
  switch (value.type) {
    case 'refresh':
      return isRefreshTarget(value.target)
    case 'pong':
      return isNumber(value.at)
    case 'auth_ok':
      return isString(value.user_id)
    // Stryker disable next-line ConditionalExpression: falling through returns undefined, as falsy where it is read
    default:
      return false
  }
}

/** A frame of the trade socket: one message, or a batch of at least one. */
export function isSocketServerFrame(value: unknown): value is SocketServerFrame {
  if (isTradeMessage(value)) return true
  return (
    isObject(value) &&
    value.type === 'batch' &&
    Array.isArray(value.messages) &&
    value.messages.length >= 1 &&
    value.messages.every(isTradeMessage)
  )
}

// ---- the chat socket (chat-socket.ts, schemas/chat-views.ts) ----

const isChannelUrl = (value: unknown): boolean =>
  isString(value) && value.length >= 1 && value.length <= 100

/** `chatMessageSchema`: a message as one viewer sees it. */
const isChatMessage = shape({
  messageId: isInt,
  channelUrl: isString,
  reqId: isString,
  messageType: oneOf(MESSAGE_TYPES),
  message: isString,
  type: isString,
  name: orNull(isString),
  size: orNull(isInt),
  url: orNull(isString),
  data: isString,
  customType: isString,
  sender: orNull(shape({ userId: isString, nickname: isString })),
  ogMetaData: orNull(
    shape({ title: orAbsent(isString), url: isString, description: orAbsent(isString) }),
  ),
  createdAt: isNumber,
  isBrokerToBroker: isBoolean,
})

const isChatEvent = (value: unknown): boolean => {
  if (!isObject(value)) return false
  switch (value.kind) {
    case 'message':
      return isChannelUrl(value.channelUrl) && isChatMessage(value.message)
    case 'channel':
      return (
        isChannelUrl(value.channelUrl) &&
        oneOf(CHAT_CHANNEL_REASONS)(value.reason) &&
        arrayOf(isString)(value.userIds)
      )
    case 'channel_removed':
      return isChannelUrl(value.channelUrl) && oneOf(CHAT_REMOVED_REASONS)(value.reason)
    case 'read':
      return isChannelUrl(value.channelUrl) && isInt(value.messageId) && isNumber(value.at)
    // Stryker disable next-line ConditionalExpression: falling through returns undefined, as falsy where it is read
    default:
      return false
  }
}

const isSequencedEvent = shape({
  seq: (value) => isInt(value) && value >= 1,
  event: isChatEvent,
})

const isChatFrame: Record<string, (value: Fields) => boolean> = {
  auth_ok: shape({ userId: isString, seq: isInt, resync: isBoolean }),
  events: shape({ items: arrayOf(isSequencedEvent) }),
  receipt: shape({
    channelUrl: isChannelUrl,
    userId: isString,
    kind: oneOf(['read', 'delivered']),
    messageId: isInt,
    at: isNumber,
  }),
  ack: shape({ reqId: isString, message: isChatMessage }),
  nack: shape({
    reqId: isString,
    status: isInt,
    message: isString,
    fields: orAbsent((value) => isObject(value) && Object.values(value).every(isString)),
  }),
  pong: shape({ at: isNumber }),
  error: shape({ code: oneOf(CHAT_SOCKET_ERRORS), message: isString }),
}

/** A frame of the chat socket, of one of its kinds. */
export function isChatSocketServerMessage(value: unknown): value is ChatSocketServerMessage {
  if (!isObject(value) || !isString(value.type) || !Object.hasOwn(isChatFrame, value.type)) {
    return false
  }
  return isChatFrame[value.type]!(value)
}
