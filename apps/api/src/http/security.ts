// Security headers for every response, with a Content-Security-Policy the four apps pass:
// scripts, fonts, sounds and images only from this origin; nothing from a CDN.
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
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

/** Rate limit for sign-in and other auth routes: per IP (and per user once known). */
export const AUTH_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const
/** Rate limit for write routes: per user when signed in, else per IP. */
export const WRITE_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const

/** The key a rate limit counts by: the signed-in user, else the client's address. */
export function rateLimitKey(request: FastifyRequest): string {
  const user = (request as FastifyRequest & { user?: { id?: string } }).user
  return user?.id ? `user:${user.id}` : `ip:${request.ip}`
}

/** Register helmet (with the CSP) and the rate limiter (opt-in per route via `config.rateLimit`). */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  })
  await app.register(rateLimit, { global: false, keyGenerator: rateLimitKey })
}
