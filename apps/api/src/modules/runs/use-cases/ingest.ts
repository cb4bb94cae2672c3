// Messages are read as they arrive (decision 265): every user message a member receives from
// someone else is parsed on the server; its quotes join the recipient's private run when the
// parser is sure (`auto`) and wait for one-tap confirm otherwise. Each line keeps the message it
// came from. Only recipients with trade access have a run. A message seen again (another
// instance, a repeated bus message) stores nothing twice.
import { PERMISSIONS, type ChatMessage } from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import { parseChatQuotes } from '@bonds/trading/chat-quotes'
import { permissionsOf } from '../../accounts/index.ts'
import { databaseResolver } from '../../finstruments/index.ts'
import type { Db } from '../../../db/index.ts'
import type { Clock } from '../../../server-module.ts'
import type { RunsContext } from '../context.ts'
import type { RunEvents } from '../events.ts'
import { insertRunQuotes, recipientsFacts, type NewRunQuote } from '../repo.ts'

/** One message as a member received it. */
export interface Received {
  userId: string
  channelUrl: string
  message: Pick<ChatMessage, 'messageId' | 'messageType' | 'message' | 'sender' | 'createdAt'>
}

/** Read received messages into their recipients' runs; answers the lines stored. */
export async function ingest(context: RunsContext, received: readonly Received[]): Promise<number> {
  return context.transact((tx, events) => ingestInto(tx, events, context.now, received))
}

/**
 * Read received messages into their recipients' runs inside a transaction (`db`): the lines and
 * their `private_run` events are one commit.
 */
export async function ingestInto(
  db: Db,
  events: RunEvents,
  now: Clock,
  received: readonly Received[],
): Promise<number> {
  const wanted = received.filter(
    (r) =>
      r.message.messageType === 'user' &&
      r.message.sender !== null &&
      r.message.sender.userId !== r.userId &&
      r.message.message.trim() !== '',
  )
  if (wanted.length === 0) return 0
  // One parse per message, whoever receives it; most chat holds no quote, and then nobody's
  // facts are read.
  const parsed = new Map<number, Awaited<ReturnType<typeof parseChatQuotes>>>()
  for (const r of wanted) {
    if (parsed.has(r.message.messageId)) continue
    const sent = new Date(r.message.createdAt)
    parsed.set(
      r.message.messageId,
      await parseChatQuotes(r.message.message, databaseResolver(db, todayInIndia(sent))),
    )
  }
  const holding = wanted.filter((r) => parsed.get(r.message.messageId)!.length > 0)
  if (holding.length === 0) return 0
  const people = await recipientsFacts(db, [
    ...new Set(holding.flatMap((r) => [r.userId, r.message.sender!.userId])),
  ])
  const byId = new Map(people.map((p) => [p.id, p]))
  const trades = (id: string) => {
    const person = byId.get(id)
    return (
      person?.status === 'active' && permissionsOf(person).includes(PERMISSIONS.canTrade as string)
    )
  }
  let stored = 0
  for (const r of holding) {
    const sender = byId.get(r.message.sender!.userId)
    if (!sender || !trades(r.userId)) continue
    const quotes = parsed.get(r.message.messageId)!
    const at = now()
    const rows: NewRunQuote[] = quotes.map((q, position) => ({
      userId: r.userId,
      channelUrl: r.channelUrl,
      messageId: r.message.messageId,
      position,
      line: q.line,
      source: q.source.slice(0, 500),
      senderId: sender.id,
      senderClientId: sender.clientId,
      status: q.auto ? 'live' : 'pending',
      finstrumentId: q.finstrumentId,
      quoteType: q.quoteType,
      yieldValue: q.yield,
      price: q.price,
      quantum: q.quantum,
      settlementDelta: q.settlementDelta,
      confidence: q.confidence,
      auto: q.auto,
      doubts: q.doubts,
      receivedAt: new Date(r.message.createdAt),
      updatedAt: at,
    }))
    const inserted = await insertRunQuotes(db, rows)
    if (inserted.length > 0) {
      stored += inserted.length
      await events.changed(
        r.userId,
        inserted.map((i) => i.id),
        'received',
      )
    }
  }
  return stored
}
