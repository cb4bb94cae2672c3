// Hashing and encryption helpers (accounts and auth): argon2id for passwords, SHA-256 for
// random tokens (they carry 256 bits, so a fast hash is enough), AES-256-GCM for stored secrets.
import { hash, verify } from '@node-rs/argon2'
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'
import { availableParallelism } from 'node:os'
import { HttpError } from './http/errors.ts'

// The library's default algorithm is argon2id (tested); OWASP's minimum: 19 MiB, 2 passes.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/** What a caller hears when the password work is full: come back in a moment. */
export const PASSWORD_WORK_BUSY = 'The service is busy. Please try again in a moment.'

/**
 * At most `slots` tasks at once, at most `queueMax` waiting; beyond that a task is refused at
 * once with a 503 and `Retry-After` (a flood of sign-ins then costs a refusal, not a core).
 */
export function workLimiter(slots: number, queueMax: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= slots) {
        if (waiting.length >= queueMax) {
          throw new HttpError(503, PASSWORD_WORK_BUSY, undefined, { 'retry-after': '1' })
        }
        await new Promise<void>((resolve) => waiting.push(resolve))
      } else {
        running += 1
      }
      try {
        return await task()
      } finally {
        // Hand the slot straight to the next in line, or free it.
        const next = waiting.shift()
        if (next) next()
        else running -= 1
      }
    },
    /** Tasks running and waiting now. */
    load: () => ({ running, waiting: waiting.length }),
  }
}

/**
 * Password hashing at once: one fewer than the cores (at least one), so a flood of sign-ins from
 * many addresses leaves a core for everything else; up to 64 wait their turn.
 */
const passwordWork = workLimiter(Math.max(1, availableParallelism() - 1), 64)

/** An argon2id hash of a password. */
export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => hash(password, ARGON2))
}

/** A hash no password matches, verified against for unknown users so timing reveals nothing. */
const DUMMY_HASH = hashPassword(randomBytes(16).toString('hex'))

/** Whether `password` matches `stored`; with no stored hash, spends the same time and says no. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const against = stored ?? (await DUMMY_HASH)
  return passwordWork.run(async () => {
    try {
      const ok = await verify(against, password)
      return stored !== null && ok
    } catch {
      return false
    }
  })
}

/** A random URL-safe token (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 of a token, hex: what the database keeps instead of the token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A six-digit one-time password. */
export function sixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** AES-256-GCM with a key derived from a secret; output `iv.tag.ciphertext`, base64url. */
export function secretBox(secret: string) {
  const key = createHash('sha256').update(`bonds-credentials:${secret}`).digest()
  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')
    },
    open(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
      if (!iv || !tag || !body) throw new Error('sealed value is malformed')
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(tag)
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
    },
  }
}
