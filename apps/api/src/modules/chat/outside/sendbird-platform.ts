// Sendbird's Platform API, the part the server needs (decision 275): a session token for a user,
// making the user first when Sendbird does not know them yet. The API token stays on the server;
// the browser gets only the user's session token. `fetch` is a parameter so tests run it against
// a local fake server (never the network).
import type { SendbirdConfig } from '../../../config-chat.ts'

/** A Sendbird session token and when it ends (ms). */
export interface SendbirdSessionToken {
  token: string
  expires_at: number
}

/** The Platform API as the chat uses it. */
export interface SendbirdPlatform {
  /** A session token for the user (made with this nickname when Sendbird has no such user). */
  issueSessionToken(
    user: { userId: string; nickname: string },
    expiresAt: number,
  ): Promise<SendbirdSessionToken>
  /** End every session token of the user (sign-out). */
  revokeSessionTokens(userId: string): Promise<void>
}

/** Sendbird answered with an error (its `code`, e.g. 400201 user not found). */
export class SendbirdError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message)
  }
}

const USER_NOT_FOUND = 400201
const TIMEOUT_MS = 10_000

/** The Platform API over HTTP. */
export function sendbirdPlatform(
  config: Pick<SendbirdConfig, 'apiUrl' | 'apiToken'>,
  fetchImpl: typeof fetch = fetch,
): SendbirdPlatform {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetchImpl(`${config.apiUrl}/v3${path}`, {
      method,
      headers: {
        'Api-Token': config.apiToken,
        'Content-Type': 'application/json; charset=utf8',
        Accept: 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const text = await response.text()
    let json: Record<string, unknown>
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      throw new SendbirdError(response.status, undefined, 'Sendbird answered something not JSON')
    }
    if (!response.ok || json.error === true) {
      const code = typeof json.code === 'number' ? json.code : undefined
      throw new SendbirdError(response.status, code, String(json.message ?? response.statusText))
    }
    return json
  }
  const user = (userId: string) => `/users/${encodeURIComponent(userId)}`
  const issue = async (userId: string, expiresAt: number) => {
    const json = await call('POST', `${user(userId)}/token`, { expires_at: expiresAt })
    if (typeof json.token !== 'string' || typeof json.expires_at !== 'number') {
      throw new SendbirdError(502, undefined, 'Sendbird gave no session token')
    }
    return { token: json.token, expires_at: json.expires_at }
  }
  return {
    async issueSessionToken({ userId, nickname }, expiresAt) {
      try {
        return await issue(userId, expiresAt)
      } catch (error) {
        if (!(error instanceof SendbirdError) || error.code !== USER_NOT_FOUND) throw error
      }
      await call('POST', '/users', { user_id: userId, nickname, profile_url: '' })
      return issue(userId, expiresAt)
    },
    async revokeSessionTokens(userId) {
      try {
        await call('DELETE', `${user(userId)}/token`)
      } catch (error) {
        if (!(error instanceof SendbirdError) || error.code !== USER_NOT_FOUND) throw error
      }
    },
  }
}
