// Idempotency keys for the ticket and order writes: a write sent again with the same
// `Idempotency-Key` by the same user answers what the first answered and does nothing twice. A key
// is claimed before the write runs (a concurrent repeat is told to wait: 409), kept with the answer
// when it succeeds, and released when it fails, so a corrected retry can use it.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { idempotencyKeys } from '../../db/schema.ts'
import { HttpError } from '../../http/errors.ts'

const HEADER = 'idempotency-key'
const KEY = /^[\x21-\x7e]{1,200}$/

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request claimed. */
    idempotencyKey?: string
  }
}

function requestOf(request: FastifyRequest) {
  return `${request.method} ${request.url.split('?')[0]}`
}

/** Honour `Idempotency-Key` on the writes of the routes registered after this (one plugin). */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[HEADER]
    if (request.method === 'GET' || key === undefined || !request.user) return
    if (typeof key !== 'string' || !KEY.test(key)) {
      throw new HttpError(400, 'Idempotency-Key is 1 to 200 visible characters')
    }
    const userId = request.user.id
    if (await claimIdempotencyKey(db, userId, key, requestOf(request))) {
      request.idempotencyKey = key
      return
    }
    const kept = await idempotentAnswer(db, userId, key)
    if (!kept) throw new HttpError(409, 'Send the request again')
    if (kept.request !== requestOf(request)) {
      throw new HttpError(409, 'This Idempotency-Key was used for another request')
    }
    if (kept.status === null) {
      throw new HttpError(409, 'A request with this Idempotency-Key is still being processed')
    }
    reply.header('idempotent-replayed', 'true')
    return reply.code(kept.status).serializer(JSON.stringify).send(kept.body)
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey
    if (!key || !request.user) return payload
    request.idempotencyKey = undefined
    const ok = reply.statusCode < 400 && typeof payload === 'string'
    await settleIdempotencyKey(
      db,
      request.user.id,
      key,
      ok ? { status: reply.statusCode, body: JSON.parse(payload as string) } : null,
    )
    return payload
  })
}

/** The answer kept for a user's idempotency key. */
async function idempotentAnswer(db: Db, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  return row
}

/** Claim a key for a request; false when it is already claimed. */
async function claimIdempotencyKey(db: Db, userId: string, key: string, request: string) {
  const made = await db
    .insert(idempotencyKeys)
    .values({ userId, key, request })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  return made.length > 0
}

/** Keep the answer of a claimed key (or release it when the request failed). */
async function settleIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
  answer: { status: number; body: unknown } | null,
) {
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
  if (!answer) {
    await db.delete(idempotencyKeys).where(where)
    return
  }
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, body: answer.body as object })
    .where(where)
}
