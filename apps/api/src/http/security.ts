// Security headers for every response, with a Content-Security-Policy the four apps pass:
// scripts, fonts, sounds and images only from this origin; nothing from a CDN.
import helmet from 'helmet'
import rateLimit from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** The Content-Security-Policy directives (helmet format). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Mantine writes its CSS variables into a <style> element at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
} as const

/** A rate limit: at most `max` requests per `timeWindow` per key. */
export interface RateLimit {
  max: number
  timeWindow: string
  /** What the limit counts by (default `rateLimitKey`: the signed-in user, else the address). */
  keyGenerator?: (request: FastifyRequest) => string
}

/** The client's address: the socket's, or the first untrusted hop when TRUST_PROXY names proxies. */
export function ipKey(request: FastifyRequest): string {
  return `ip:${request.ip}`
}

/**
 * Rate limit for sign-in and other auth routes (AUTH_RATE_LIMIT a minute, default 20), per address
 * only: a bearer token sent along (anyone's, or many) never buys another bucket.
 */
export function authRateLimit(perMinute: number): RateLimit {
  return { max: perMinute, timeWindow: '1 minute', keyGenerator: ipKey }
}
/** Rate limit for write routes: per user when signed in, else per IP. */
export const WRITE_RATE_LIMIT: RateLimit = { max: 300, timeWindow: '1 minute' }

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']

/**
 * Give every write route under /api and /ext the write limit unless it declares its own. Must be
 * registered before the rate limiter, whose own onRoute hook reads `config.rateLimit`.
 */
export function registerWriteLimits(app: FastifyInstance, limit: RateLimit = WRITE_RATE_LIMIT) {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map(String)
    const guarded = route.url.startsWith('/api') || route.url.startsWith('/ext')
    if (!guarded || !methods.some((m) => WRITE_METHODS.includes(m))) return
    const config = (route.config ?? {}) as { rateLimit?: RateLimit }
    if (!config.rateLimit) route.config = { ...config, rateLimit: limit } as typeof route.config
  })
}

/** The key a rate limit counts by: the signed-in user, else the client's address. */
export function rateLimitKey(request: FastifyRequest): string {
  return request.user?.id ? `user:${request.user.id}` : `ip:${request.ip}`
}

/**
 * Register helmet (with the CSP) and the rate limiter (opt-in per route via `config.rateLimit`).
 * With `redis` (REDIS_URL) the counts live there, so N instances allow the limit once, not N times.
 */
export async function registerSecurity(
  app: FastifyInstance,
  { redis }: { redis?: Redis } = {},
): Promise<void> {
  // Helmet's headers, its middleware built once: @fastify/helmet built it (parsing the CSP) for
  // every request, 7 % of what the server allocated under load (decision 384).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  })
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined))
  })
  await app.register(rateLimit, {
    global: false,
    keyGenerator: rateLimitKey,
    ...(redis ? { redis, nameSpace: 'bonds-rate-limit:', skipOnError: true } : {}),
  })
}
