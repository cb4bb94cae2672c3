// Each message counted once in a channel's unread count (issue 20's gap; decision 371). A channel
// read from the server carries the caller's event sequence it is as of (`seq`); an event adds to
// the held channel only when it is past that number. Counting goes by event sequence, never by
// time: concurrent sends commit (and are numbered) in an order their creation times need not
// follow, so "newer than the last message" leaves some out, and a channel read while events are
// on their way would count those twice.
import type { ChatChannel, ChatMessage } from '@bonds/domain'

/** Events of a channel not held yet (its page has not come): joined with it when it comes. */
interface Early {
  /** The sequence of the last read of the channel among them (-1: none). */
  readAt: number
  /** Sequences of the messages that count as unread, after that read. */
  counted: number[]
  /** The sequence of the last event. */
  lastSeq: number
  last: ChatMessage | null
}

/** The newer of two last messages (by time, then id), as the channel list orders them. */
export function newerMessage(a: ChatMessage | null, b: ChatMessage | null): ChatMessage | null {
  if (!a || !b) return a ?? b
  return b.createdAt > a.createdAt || (b.createdAt === a.createdAt && b.messageId > a.messageId)
    ? b
    : a
}

/** Whether a message adds to my unread count: the server counts everyone's but mine. */
const counts = (message: ChatMessage, me: string | null) => message.sender?.userId !== me

/** The unread bookkeeping of the local provider's channels. */
export interface UnreadLedger {
  /**
   * A channel read from the server: the channel to hold. `applied` is the last event applied,
   * what a channel without `seq` is taken to be as of.
   */
  adopt(channel: ChatChannel, held: ChatChannel | undefined, applied: number): ChatChannel
  /** A message event; the held channel changed by it (the same object when unchanged). */
  message(
    held: ChatChannel | undefined,
    url: string,
    seq: number,
    message: ChatMessage,
    me: string | null,
  ): ChatChannel | undefined
  /** A read event of mine (another device, or this one's mark coming back). */
  read(held: ChatChannel | undefined, url: string, seq: number): ChatChannel | undefined
  forget(url: string): void
  /** Forget every number (a resync, or the cache cleared): held channels wait for their reads. */
  clear(): void
}

/** Create the ledger. */
export function createUnreadLedger(): UnreadLedger {
  const asOf = new Map<string, number>()
  const early = new Map<string, Early>()

  const earlyOf = (url: string) => {
    let entry = early.get(url)
    if (!entry) {
      entry = { readAt: -1, counted: [], lastSeq: -1, last: null }
      early.set(url, entry)
    }
    return entry
  }

  return {
    adopt(channel, held, applied) {
      const seq = channel.seq ?? applied
      const mine = asOf.get(channel.url)
      if (held && mine !== undefined && seq < mine) {
        // Read before events already applied to the held channel: its count and last message
        // are the later ones.
        return {
          ...channel,
          unreadMessageCount: held.unreadMessageCount,
          lastMessage: newerMessage(channel.lastMessage, held.lastMessage),
        }
      }
      const before = early.get(channel.url)
      early.delete(channel.url)
      if (!before || before.lastSeq <= seq) {
        asOf.set(channel.url, seq)
        return channel
      }
      // Events came for this channel before it did, some after its read: they add to it.
      asOf.set(channel.url, before.lastSeq)
      const after = before.counted.filter((s) => s > seq).length
      return {
        ...channel,
        unreadMessageCount: before.readAt > seq ? after : channel.unreadMessageCount + after,
        lastMessage: newerMessage(channel.lastMessage, before.last),
      }
    },
    message(held, url, seq, message, me) {
      const mine = asOf.get(url)
      if (!held || mine === undefined) {
        // Not held, or held from before a resync: counted when the channel's read comes.
        const entry = earlyOf(url)
        if (counts(message, me)) entry.counted.push(seq)
        entry.lastSeq = Math.max(entry.lastSeq, seq)
        entry.last = newerMessage(entry.last, message)
        return held
      }
      const lastMessage = newerMessage(held.lastMessage, message)
      if (seq <= mine) {
        // The held channel was read after this event: counted in it already.
        return lastMessage === held.lastMessage ? held : { ...held, lastMessage }
      }
      asOf.set(url, seq)
      const unreadMessageCount = held.unreadMessageCount + (counts(message, me) ? 1 : 0)
      return lastMessage === held.lastMessage && unreadMessageCount === held.unreadMessageCount
        ? held
        : { ...held, lastMessage, unreadMessageCount }
    },
    read(held, url, seq) {
      const mine = asOf.get(url)
      if (!held || mine === undefined) {
        const entry = earlyOf(url)
        entry.readAt = seq
        entry.counted = []
        entry.lastSeq = Math.max(entry.lastSeq, seq)
        return held
      }
      if (seq <= mine) return held
      asOf.set(url, seq)
      return held.unreadMessageCount === 0 ? held : { ...held, unreadMessageCount: 0 }
    },
    forget(url) {
      asOf.delete(url)
      early.delete(url)
    },
    clear() {
      asOf.clear()
      early.clear()
    },
  }
}
