// Access tokens (short-lived JWT, HS256) and refresh tokens (random, stored hashed, rotated on
// use; reusing a spent one revokes its whole session).
import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../../db/index.ts'
import type { SessionEnd, SessionsEnded } from '../../events/sessions.ts'
import { refreshTokens, sessions } from '../../db/schema.ts'
import { HttpError } from '../../http/errors.ts'
import { randomToken, tokenHash } from '../../crypto.ts'

/** Access tokens live 15 minutes; the client refreshes every 4 (spec section 4). */
export const ACCESS_TOKEN_SECONDS = 15 * 60
/** Refresh tokens live 30 days. */
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60
/**
 * A refresh token spent this recently is another tab of the same browser refreshing at the same
 * moment, not a thief: it gets a new pair of the same session instead of ending it.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000

/** Verified access tokens kept in memory at most (the oldest is forgotten first). */
const VERIFIED_KEPT = 10_000

/** What an access token says. */
export interface AccessClaims {
  userId: string
  sessionId: string
}

/** Why a session is revoked, as the sessions topic says it. */
function endReason(reason: string): SessionEnd['reason'] {
  if (reason === 'signed out') return 'signed_out'
  if (reason === 'password changed') return 'password_changed'
  return 'revoked'
}

/**
 * The token service over a database and a signing secret; `ended` tells every instance's sockets
 * when sessions are revoked.
 */
export function tokenService(db: Db, secret: string, ended: SessionsEnded = async () => {}) {
  const key = new TextEncoder().encode(secret)
  /** Access tokens verified, oldest first, with when each expires (ms). */
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>()

  async function signAccess(userId: string, sessionId: string): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .sign(key)
  }

  async function newRefresh(sessionId: string): Promise<string> {
    const token = randomToken()
    await db.insert(refreshTokens).values({
      tokenHash: tokenHash(token),
      sessionId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
    })
    return token
  }

  const pair = async (userId: string, sessionId: string) => ({
    access: await signAccess(userId, sessionId),
    refresh: await newRefresh(sessionId),
    access_expires_in: ACCESS_TOKEN_SECONDS,
  })

  const invalid = () => new HttpError(401, 'Token is invalid or expired')

  return {
    /** Open a session for a user and issue its first token pair. */
    async openSession(userId: string, meta: { ip?: string; userAgent?: string }) {
      const sessionId = randomUUID()
      await db.insert(sessions).values({
        id: sessionId,
        userId,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      })
      return { sessionId, tokens: await pair(userId, sessionId) }
    },

    /**
     * The claims of a valid access token, or null. A token verified before is taken from memory
     * until it expires (its signature cannot have changed; its session is still read by the
     * caller on every request): a desk's client sends one token many times a second.
     */
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token)
      if (known) {
        if (Date.now() < known.expiresAt) return known.claims
        verified.delete(token)
        return null
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null
        const claims = { userId: payload.sub, sessionId: payload.sid }
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!)
          verified.set(token, { claims, expiresAt: payload.exp * 1000 })
        }
        return claims
      } catch {
        return null
      }
    },

    /**
     * Spend a refresh token for a new pair. A spent token presented again means it leaked: the
     * whole session is revoked and the caller learns only that the token is invalid; within
     * REFRESH_REUSE_GRACE_MS of its first use it is another tab refreshing, and gets a pair too.
     */
    async rotate(refresh: string): Promise<{
      userId: string
      sessionId: string
      reused: boolean
      tokens?: Awaited<ReturnType<typeof pair>>
    }> {
      const [row] = await db
        .select({ token: refreshTokens, session: sessions })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash(refresh)))
      if (!row) throw invalid()
      const { token, session } = row
      if (session.revokedAt) throw invalid()
      const concurrent = async () => ({
        userId: session.userId,
        sessionId: session.id,
        reused: false,
        tokens: await pair(session.userId, session.id),
      })
      if (token.spentAt) {
        if (Date.now() - token.spentAt.getTime() <= REFRESH_REUSE_GRACE_MS) return concurrent()
        await this.revoke(session.id, 'refresh token reused')
        return { userId: session.userId, sessionId: session.id, reused: true }
      }
      if (token.expiresAt.getTime() < Date.now()) throw invalid()
      const spent = await db
        .update(refreshTokens)
        .set({ spentAt: new Date() })
        .where(and(eq(refreshTokens.tokenHash, token.tokenHash), isNull(refreshTokens.spentAt)))
        .returning({ hash: refreshTokens.tokenHash })
      // Another request spent it this very moment: two tabs refreshing together.
      if (spent.length === 0) return concurrent()
      return {
        userId: session.userId,
        sessionId: session.id,
        reused: false,
        tokens: await pair(session.userId, session.id),
      }
    },

    /** The session a refresh token belongs to, if any. */
    async sessionOf(refresh: string): Promise<string | null> {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash(refresh)))
      return row?.sessionId ?? null
    },

    /** End a session: its access and refresh tokens stop working at once. */
    async revoke(sessionId: string, reason: string): Promise<void> {
      const [row] = await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ userId: sessions.userId })
      if (row) await ended({ userId: row.userId, sessionId, reason: endReason(reason) })
    },

    /** End every session of a user (password changed). */
    async revokeAll(userId: string, reason: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      await ended({ userId, reason: endReason(reason) })
    },
  }
}

/** The token service's type. */
export type TokenService = ReturnType<typeof tokenService>
