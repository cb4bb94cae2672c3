// What the chat service publishes, and to whom. Every change a member must see becomes an event in
// that member's sequence (stored with the change, in its transaction), then goes on the chat topic
// of the bus so every instance hands it to its own sockets of that user; a socket that sees a gap
// fills it from the store. Receipts of others and session revocations are not sequenced.
import { chatEventSchema, type ChatEvent } from '@bonds/domain'
import { z } from 'zod'
import type { Bus, RedisTopic } from '../../events/bus.ts'

/** One event of one user's sequence. */
export interface SequencedItem {
  userId: string
  seq: number
  event: ChatEvent
}

/** Someone read or received a channel's messages (not sequenced: receipts are state). */
export interface Receipt {
  channelUrl: string
  userId: string
  kind: 'read' | 'delivered'
  messageId: number
  at: number
}

/** What travels on the chat topic. */
export type ChatBusMessage =
  | { kind: 'events'; items: SequencedItem[] }
  | { kind: 'receipt'; userIds: string[]; receipt: Receipt }
  /** Close the user's sockets opened with chat sessions of this sign-in session. */
  | { kind: 'revoke'; userId: string; authSessionId: string }

const busMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('events'),
    items: z.array(z.object({ userId: z.string(), seq: z.number(), event: chatEventSchema })),
  }),
  z.object({
    kind: z.literal('receipt'),
    userIds: z.array(z.string()),
    receipt: z.object({
      channelUrl: z.string(),
      userId: z.string(),
      kind: z.enum(['read', 'delivered']),
      messageId: z.number(),
      at: z.number(),
    }),
  }),
  z.object({ kind: z.literal('revoke'), userId: z.string(), authSessionId: z.string() }),
])

/** The chat topic on Redis (its own channel beside the domain events'). */
export const CHAT_TOPIC: RedisTopic<ChatBusMessage> = {
  channel: 'bonds:chat',
  parse: (value) => {
    const parsed = busMessageSchema.safeParse(value)
    return parsed.success ? (parsed.data as ChatBusMessage) : null
  },
}

/** The chat bus. */
export type ChatBus = Bus<ChatBusMessage>

/** The chat service's events over its bus. */
export function chatEvents(bus: Pick<ChatBus, 'publish'>) {
  return {
    /** Hand stored events to the sockets (after their transaction committed). */
    deliver: async (items: readonly SequencedItem[]) => {
      if (items.length > 0) await bus.publish({ kind: 'events', items: [...items] })
    },
    /** Tell the members' sockets that someone read or received messages. */
    receipt: async (userIds: readonly string[], receipt: Receipt) => {
      if (userIds.length > 0) await bus.publish({ kind: 'receipt', userIds: [...userIds], receipt })
    },
    /** Close the sockets of the chat sessions a sign-in session opened. */
    revoke: (userId: string, authSessionId: string) =>
      bus.publish({ kind: 'revoke', userId, authSessionId }),
  }
}

/** The chat service's events. */
export type ChatEvents = ReturnType<typeof chatEvents>
