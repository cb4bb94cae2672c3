// The outbox stores every message, then hands it to its channel's transport: `send` waits for the
// transport, `enqueue` answers once stored and delivers in the background (drained on close). A
// password reset answers as fast for an e-mail with an account as without, however slow SMTP is.
import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/index.ts'
import { clients, outbox, users } from '../../db/schema.ts'
import { testDatabase } from '../../db/testing.ts'
import type { AuthContext } from '../auth/context.ts'
import { requestReset } from '../auth/use-cases/request-reset.ts'
import { createOutbox, type OutgoingMessage } from './outbox.ts'

let database: Database
const log = Fastify({ logger: false }).log

beforeAll(async () => {
  database = await testDatabase()
  await database.db.insert(clients).values({ id: 'c-o', name: 'Outbox Co', clientType: 'CORP' })
  await database.db
    .insert(users)
    .values({ id: 'u-o', clientId: 'c-o', email: 'asha@outbox.test', roles: ['user'] })
})

afterAll(async () => {
  await database.close()
})

/** An e-mail transport that holds every message until `release()` (a slow SMTP server). */
function slowSmtp() {
  const held: OutgoingMessage[] = []
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  const transport = async (message: OutgoingMessage) => {
    held.push(message)
    await gate
  }
  return { transport, held, release: () => release() }
}

const message = (recipient: string): OutgoingMessage => ({
  channel: 'email',
  recipient,
  kind: 'reset',
  subject: 'Hello',
  body: 'Body',
})

const sentAt = async (recipient: string) =>
  (await database.db.select().from(outbox).where(eq(outbox.recipient, recipient)))[0]?.sentAt

describe('the outbox', () => {
  it('enqueue answers once stored; the delivery ends in the background, drained on demand', async () => {
    const smtp = slowSmtp()
    const box = createOutbox(database.db, log, { email: smtp.transport })
    await box.enqueue(message('later@outbox.test'))
    expect(smtp.held).toHaveLength(1)
    expect(await sentAt('later@outbox.test')).toBeNull()
    smtp.release()
    await box.drain()
    expect(await sentAt('later@outbox.test')).toBeInstanceOf(Date)
  })

  it('send waits for the transport and records a failure on the message', async () => {
    const box = createOutbox(database.db, log, {
      email: async () => {
        throw new Error('SMTP refused')
      },
    })
    await box.send(message('refused@outbox.test'))
    const [row] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'refused@outbox.test'))
    expect(row).toMatchObject({ sentAt: null, error: 'SMTP refused' })
  })

  it('lets a reset for an account answer while SMTP still holds its link', async () => {
    const smtp = slowSmtp()
    const box = createOutbox(database.db, log, { email: smtp.transport })
    const context = {
      db: database.db,
      now: () => new Date(),
      outbox: box,
      publicUrl: 'https://bonds.test',
    } as unknown as AuthContext
    const answer = await requestReset(context, 'asha@outbox.test', { ip: '127.0.0.1' })
    expect(answer.detail).toBe(
      'If an account exists for this e-mail, a reset link has been sent to it.',
    )
    // Answered, though the transport has not finished: the link is held, not yet sent.
    expect(smtp.held.map((m) => m.recipient)).toEqual(['asha@outbox.test'])
    expect(await sentAt('asha@outbox.test')).toBeNull()
    smtp.release()
    await box.drain()
    expect(await sentAt('asha@outbox.test')).toBeInstanceOf(Date)
  })
})
