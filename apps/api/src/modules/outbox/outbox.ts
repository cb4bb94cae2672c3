// Messages to people (OTPs, reset links, invitations) go through the outbox: always stored and
// logged; sent by SMTP when SMTP_URL is set. Demo mode and tests read them back from the table.
import { desc, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Db } from '../../db/index.ts'
import { outbox } from '../../db/schema.ts'
import { maskRecipient } from '../../http/logging.ts'

/** One message to deliver. */
export interface OutgoingMessage {
  channel: 'email' | 'sms'
  recipient: string
  /** What it is, for readers: otp, reset, invitation. */
  kind: 'otp' | 'reset' | 'invitation' | 'sign-in-alert'
  subject: string
  body: string
}

/** Sends a stored message somewhere real; absent in the embedded default. */
export type Transport = (message: OutgoingMessage) => Promise<void>

/** An SMTP transport from a URL such as `smtp://user:pass@host:587`. */
export function smtpTransport(url: string, from: string): Transport {
  const transporter = nodemailer.createTransport(url)
  return async (message) => {
    if (message.channel !== 'email') return
    await transporter.sendMail({
      from,
      to: message.recipient,
      subject: message.subject,
      text: message.body,
    })
  }
}

/** The outbox over a database, a logger and an optional transport. */
export function createOutbox(db: Db, log: FastifyBaseLogger, transport?: Transport) {
  return {
    async send(message: OutgoingMessage): Promise<void> {
      const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id })
      log.info(
        {
          outbox: row?.id,
          kind: message.kind,
          channel: message.channel,
          to: maskRecipient(message.recipient),
        },
        'outbox message stored',
      )
      if (!transport || !row) return
      try {
        await transport(message)
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id))
      } catch (error) {
        log.error({ err: error, outbox: row.id }, 'outbox delivery failed')
        await db
          .update(outbox)
          .set({ error: String((error as Error).message ?? error) })
          .where(eq(outbox.id, row.id))
      }
    },
    /** The latest messages to a recipient (demo mode and tests only). */
    async latest(recipient: string, limit = 10) {
      return db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, recipient))
        .orderBy(desc(outbox.id))
        .limit(limit)
    },
  }
}

/** The outbox's type. */
export type Outbox = ReturnType<typeof createOutbox>
