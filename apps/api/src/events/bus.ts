// The domain event bus: services publish, every instance's sockets receive. In-process by
// default; Redis pub/sub when REDIS_URL is set, so N instances deliver every event.
import { socketServerMessageSchema, type SocketServerMessage } from '@bonds/domain'
import { Redis } from 'ioredis'
import { z } from 'zod'

/** Who an event is for. */
export type Audience =
  | { kind: 'all' }
  | { kind: 'users'; userIds: string[] }
  | { kind: 'clients'; clientIds: string[] }
  /** Signed-in users holding a permission (e.g. market quotes for client.can_trade). */
  | { kind: 'permission'; permission: string }

/** One event: a socket message and its audience. */
export interface DomainEvent {
  audience: Audience
  message: SocketServerMessage
}

/** Publish and subscribe to domain events. */
export interface EventBus {
  publish(event: DomainEvent): Promise<void>
  /** Returns the unsubscribe function. */
  subscribe(handler: (event: DomainEvent) => void): () => void
  close(): Promise<void>
}

const domainEventSchema = z.object({
  audience: z.union([
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('users'), userIds: z.array(z.string()) }),
    z.object({ kind: z.literal('clients'), clientIds: z.array(z.string()) }),
    z.object({ kind: z.literal('permission'), permission: z.string() }),
  ]),
  message: socketServerMessageSchema,
})

/** A bus within one process. */
export function createInProcessBus(): EventBus {
  const handlers = new Set<(event: DomainEvent) => void>()
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

/** Redis channel the instances share. */
export const EVENT_CHANNEL = 'bonds:events'

/** A bus over Redis pub/sub: every instance subscribed to the channel gets every event. */
export async function createRedisBus(
  url: string,
  onError: (error: Error) => void = () => undefined,
): Promise<EventBus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  const subscriber = new Redis(url, { lazyConnect: true })
  publisher.on('error', onError)
  subscriber.on('error', onError)
  await Promise.all([publisher.connect(), subscriber.connect()])
  const local = createInProcessBus()
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== EVENT_CHANNEL) return
    try {
      const parsed = domainEventSchema.safeParse(JSON.parse(text))
      if (parsed.success) void local.publish(parsed.data as DomainEvent)
      else onError(new Error('a malformed event on the bus was dropped'))
    } catch (error) {
      onError(error as Error)
    }
  })
  await subscriber.subscribe(EVENT_CHANNEL)
  return {
    async publish(event) {
      await publisher.publish(EVENT_CHANNEL, JSON.stringify(event))
    },
    subscribe: (handler) => local.subscribe(handler),
    async close() {
      await local.close()
      subscriber.disconnect()
      publisher.disconnect()
    },
  }
}

/** The bus the configuration asks for. */
export async function createEventBus(
  redisUrl: string | undefined,
  onError?: (error: Error) => void,
): Promise<EventBus> {
  return redisUrl ? createRedisBus(redisUrl, onError) : createInProcessBus()
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
      return socket.clientId !== null && audience.clientIds.includes(socket.clientId)
    case 'permission':
      return socket.permissions?.includes(audience.permission) ?? false
  }
}
