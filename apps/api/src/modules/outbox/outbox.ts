// Messages to people (OTPs, reset links, invitations) go through the outbox: always stored and
// logged; sent by SMTP when SMTP_URL is set, and SMS through an HTTP gateway when SMS_GATEWAY_URL
// is. Demo mode and tests read them back from the table.
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

/**
 * An SMS gateway over HTTP: `POST <url>` with `{"to","message"}` as JSON and the key as a bearer
 * token; any answer but 2xx is a failed delivery (recorded on the message, never retried silently).
 */
export function smsGatewayTransport(
  url: string,
  key: string,
  fetcher: typeof fetch = fetch,
): Transport {
  return async (message) => {
    if (message.channel !== 'sms') return
    const response = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ to: message.recipient, message: message.body }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`)
  }
}

/** The transports of each channel; a channel without one is stored and logged only. */
export interface OutboxTransports {
  email?: Transport | undefined
  sms?: Transport | undefined
  /**
   * Messages of a channel without a transport still count as delivered (demo mode: its readers
   * take them from the table). Otherwise such a channel is not offered (`delivers` is false).
   */
  storedIsDelivered?: boolean
}

/** The outbox over a database, a logger and the channels' transports. */
export function createOutbox(db: Db, log: FastifyBaseLogger, transports: OutboxTransports = {}) {
  const transportOf = (channel: OutgoingMessage['channel']) => transports[channel]
  /** Deliveries `enqueue` started and that have not ended yet. */
  const pending = new Set<Promise<void>>()

  async function store(message: OutgoingMessage) {
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
    return row
  }

  /** Hand a stored message to its transport; a failure is recorded on it, never thrown. */
  async function deliver(id: number, message: OutgoingMessage, transport: Transport) {
    try {
      await transport(message)
      await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id))
    } catch (error) {
      log.error({ err: error, outbox: id }, 'outbox delivery failed')
      await db
        .update(outbox)
        .set({ error: String((error as Error).message ?? error) })
        .where(eq(outbox.id, id))
        .catch((failure: unknown) => log.error({ err: failure }, 'outbox error not recorded'))
    }
  }

  return {
    /** Whether a message on this channel reaches someone (a transport, or demo mode's readers). */
    delivers(channel: OutgoingMessage['channel']): boolean {
      return transportOf(channel) !== undefined || transports.storedIsDelivered === true
    },
    /** Store a message and deliver it before answering (the caller waits for the transport). */
    async send(message: OutgoingMessage): Promise<void> {
      const row = await store(message)
      const transport = transportOf(message.channel)
      if (transport && row) await deliver(row.id, message, transport)
    },
    /**
     * Store a message and deliver it in the background: the caller answers as soon as it is
     * stored, however slow the transport (a password reset answers an e-mail with an account as
     * fast as one without; issue 19).
     */
    async enqueue(message: OutgoingMessage): Promise<void> {
      const row = await store(message)
      const transport = transportOf(message.channel)
      if (!transport || !row) return
      const delivery = deliver(row.id, message, transport).finally(() => pending.delete(delivery))
      pending.add(delivery)
    },
    /** Wait for the background deliveries under way (closing the server, tests). */
    async drain(): Promise<void> {
      await Promise.all([...pending])
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
