// The domain event bus: services publish, every instance's sockets receive. In-process by
// default; Redis pub/sub when REDIS_URL is set, so N instances deliver every event. Other topics
// (the chat service's) ride the same abstraction on their own Redis channel.
import { socketServerMessageSchema, type SocketServerMessage } from '@bonds/domain'
import { Redis } from 'ioredis'
import { z } from 'zod'

/** Who an event is for. */
export type Audience =
  | { kind: 'all' }
  | { kind: 'users'; userIds: string[] }
  /** Users of these clients; with `permission`, only those holding it (a cluster's traders). */
  | { kind: 'clients'; clientIds: string[]; permission?: string }
  /** Signed-in users holding a permission (e.g. market quotes for client.can_trade). */
  | { kind: 'permission'; permission: string }

/** One event: a socket message and its audience. */
export interface DomainEvent {
  audience: Audience
  message: SocketServerMessage
  /** Its row in the event outbox, when it came through one (relay.ts): receivers drop repeats. */
  seq?: number
  /** Which database's outbox that row is in (instances of one deployment share it). */
  origin?: string
}

/** Publish and subscribe to messages of one topic. */
export interface Bus<T> {
  publish(event: T): Promise<void>
  /** Returns the unsubscribe function. */
  subscribe(handler: (event: T) => void): () => void
  close(): Promise<void>
  /** Resolves when the bus can carry messages now (Redis answers); rejects otherwise. */
  ready?(): Promise<void>
  /**
   * Calls `handler` each time this instance is subscribed again after losing the bus: what was
   * published meanwhile did not reach it (Redis pub/sub keeps nothing).
   */
  onResubscribed?(handler: () => void): void
}

/** Publish and subscribe to domain events. */
export type EventBus = Bus<DomainEvent>

const domainEventSchema = z.object({
  audience: z.union([
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('users'), userIds: z.array(z.string()) }),
    z.object({
      kind: z.literal('clients'),
      clientIds: z.array(z.string()),
      permission: z.string().optional(),
    }),
    z.object({ kind: z.literal('permission'), permission: z.string() }),
  ]),
  message: socketServerMessageSchema,
  seq: z.number().int().positive().optional(),
  origin: z.string().max(64).optional(),
})

/** A bus within one process. */
export function createInProcessBus<T = DomainEvent>(): Bus<T> {
  const handlers = new Set<(event: T) => void>()
  return {
    async publish(event) {
      for (const handler of handlers) handler(event)
    },
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    async close() {
      handlers.clear()
    },
  }
}

/** Redis channel the instances share for domain events. */
export const EVENT_CHANNEL = 'bonds:events'

/** A topic on Redis: its channel, and how a received message is checked (null: dropped). */
export interface RedisTopic<T> {
  channel: string
  parse(value: unknown): T | null
}

/** A bus over Redis pub/sub: every instance subscribed to the topic's channel gets every message. */
export async function createRedisTopicBus<T>(
  url: string,
  topic: RedisTopic<T>,
  onError: (error: Error) => void = () => undefined,
  { offlineQueue = true }: { offlineQueue?: boolean } = {},
): Promise<Bus<T>> {
  // offlineQueue false: a publish while Redis is away fails at once (a relay retries it),
  // instead of waiting in ioredis's queue.
  const publisher = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    enableOfflineQueue: offlineQueue,
  })
  // Subscribed again by hand after each reconnect, not by ioredis's autoResubscribe: nobody catches
  // the promise of its subscribe, so a connection closing before the reply (Redis going away again,
  // the app closing) was an unhandled rejection, which ends a Node process.
  const subscriber = new Redis(url, { lazyConnect: true, autoResubscribe: false })
  publisher.on('error', onError)
  subscriber.on('error', onError)
  await Promise.all([publisher.connect(), subscriber.connect()])
  const local = createInProcessBus<T>()
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== topic.channel) return
    try {
      const parsed = topic.parse(JSON.parse(text))
      if (parsed !== null) void local.publish(parsed)
      else onError(new Error(`a malformed message on ${topic.channel} was dropped`))
    } catch (error) {
      onError(error as Error)
    }
  })
  await subscriber.subscribe(topic.channel)
  // 'ready' follows each reconnection (the first connection's came before this listener); the
  // handlers run once the subscription stands again.
  const resubscribed = new Set<() => void>()
  subscriber.on('ready', () => {
    subscriber.subscribe(topic.channel).then(
      () => {
        for (const handler of resubscribed) handler()
      },
      (error: unknown) => onError(error as Error),
    )
  })
  return {
    onResubscribed: (handler) => void resubscribed.add(handler),
    async publish(event) {
      await publisher.publish(topic.channel, JSON.stringify(event))
    },
    async ready() {
      await publisher.ping()
    },
    subscribe: (handler) => local.subscribe(handler),
    async close() {
      await local.close()
      subscriber.disconnect()
      publisher.disconnect()
    },
  }
}

/**
 * A bus of domain events over Redis pub/sub: every instance gets every event. A publish while
 * Redis is away fails at once: the app puts this bus behind its event outbox (relay.ts).
 */
export async function createRedisBus(
  url: string,
  onError: (error: Error) => void = () => undefined,
): Promise<EventBus> {
  return createRedisTopicBus(
    url,
    {
      channel: EVENT_CHANNEL,
      parse: (value) => {
        const parsed = domainEventSchema.safeParse(value)
        return parsed.success ? (parsed.data as DomainEvent) : null
      },
    },
    onError,
    { offlineQueue: false },
  )
}

/** The bus the configuration asks for. */
export async function createEventBus(
  redisUrl: string | undefined,
  onError?: (error: Error) => void,
): Promise<EventBus> {
  return redisUrl ? createRedisBus(redisUrl, onError) : createInProcessBus()
}

/** A bus of one topic: over Redis when configured, else within the process. */
export async function createTopicBus<T>(
  redisUrl: string | undefined,
  topic: RedisTopic<T>,
  onError?: (error: Error) => void,
): Promise<Bus<T>> {
  return redisUrl ? createRedisTopicBus(redisUrl, topic, onError) : createInProcessBus<T>()
}

/** Whether an event is for a socket of this user and client. */
export function isForSocket(
  audience: Audience,
  socket: { userId: string; clientId: string | null; permissions?: readonly string[] },
): boolean {
  switch (audience.kind) {
    case 'all':
      return true
    case 'users':
      return audience.userIds.includes(socket.userId)
    case 'clients':
      return (
        socket.clientId !== null &&
        audience.clientIds.includes(socket.clientId) &&
        (audience.permission === undefined ||
          (socket.permissions?.includes(audience.permission) ?? false))
      )
    case 'permission':
      return socket.permissions?.includes(audience.permission) ?? false
  }
}
