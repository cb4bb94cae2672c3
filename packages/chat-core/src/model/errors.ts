// Chat errors of spec section 8, by their words, and which provider failures the session answers
// how (spec section 4, chat start): a new token for an expired or invalid one, a cleared cache for
// an account that is gone or a session that ended.
import { CHAT_MESSAGES } from '@bonds/domain'

/** The chat errors of spec section 8 ("user not set" in the spec's own words). */
export const CHAT_ERRORS = {
  notInitialised: 'Chat client not initialised',
  noUser: CHAT_MESSAGES.userNotFound,
  noCurrentChannel: 'No current channel',
  userNotSet: CHAT_MESSAGES.userNotSet,
} as const

/** A chat error the session raises. */
export type ChatErrorCode = keyof typeof CHAT_ERRORS

/** Why a provider refused or failed: the chat socket's refusals, and transport failures. */
export type ChatFailureCode =
  | 'invalid_token'
  | 'token_expired'
  | 'session_revoked'
  | 'deactivated'
  | 'user_not_found'
  | 'terms_not_accepted'
  /** The server or the network did not answer. */
  | 'network'
  /** The server refused a call (its status and message say why). */
  | 'request'

/** A chat error raised by the session (spec section 8). */
export class ChatError extends Error {
  override readonly name = 'ChatError'
  constructor(readonly code: ChatErrorCode) {
    super(CHAT_ERRORS[code])
  }
}

/** A failure a provider reports: a refusal code, and for refused calls the status and message. */
export class ChatProviderError extends Error {
  override readonly name = 'ChatProviderError'
  constructor(
    readonly code: ChatFailureCode,
    message: string,
    readonly status?: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

/** The code of any thrown value ('network' when it is not a provider error). */
export function failureCode(error: unknown): ChatFailureCode {
  return error instanceof ChatProviderError ? error.code : 'network'
}

/** Connect failed because of the token: fetch a new one and retry once. */
export function retriesWithNewToken(code: ChatFailureCode): boolean {
  return code === 'token_expired' || code === 'invalid_token'
}

/** The account is gone or the session ended: the cached chat data must go. */
export function clearsCache(code: ChatFailureCode): boolean {
  return (
    code === 'deactivated' ||
    code === 'user_not_found' ||
    code === 'token_expired' ||
    code === 'session_revoked'
  )
}
