// The chat module (issue 20; spec sections 1, 3–9 where they concern chat): the product's own chat
// service. Channels (direct, group, trading group, broadcast), members, messages, files, receipts,
// invitations and bans over PostgreSQL; each user's event sequence; the chat socket; the chat
// session, chatter and download calls. Other modules and the server use what this file exports.
import { CHAT_SEND_LIMIT, CHAT_SEND_WINDOW_MS } from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import type { FileStore } from '../../files/store.ts'
import { bindUseCases, type Clock } from '../../server-module.ts'
import type { ChatContext, SendEmail } from './context.ts'
import type { ChatOutside } from './outside/index.ts'
import { outsideRoutes } from './outside/routes.ts'
import { whatsappFetches } from './outside/whatsapp-fetches.ts'
import { chatEvents, type ChatBus, type SequencedItem } from './events.ts'
import { chatRoutes } from './routes.ts'
import { chatSocketRoutes, type ChatSocketTimings } from './socket.ts'
import { accept } from './use-cases/accept.ts'
import { ban, unban } from './use-cases/ban.ts'
import { connect } from './use-cases/connect.ts'
import { createChannel } from './use-cases/create-channel.ts'
import { decline } from './use-cases/decline.ts'
import { downloadChats } from './use-cases/download-chats.ts'
import { getChannel } from './use-cases/get-channel.ts'
import { getFile } from './use-cases/get-file.ts'
import { invite } from './use-cases/invite.ts'
import { inviteUsers } from './use-cases/invite-users.ts'
import { issueSessionToken } from './use-cases/issue-session-token.ts'
import { leave } from './use-cases/leave.ts'
import { listChannels } from './use-cases/list-channels.ts'
import { listMessages } from './use-cases/list-messages.ts'
import { markDelivered, markRead } from './use-cases/mark.ts'
import { me } from './use-cases/me.ts'
import { pruneChatEvents } from './use-cases/prune-events.ts'
import { addOperators, removeOperator } from './use-cases/operators.ts'
import { removeSession } from './use-cases/remove-session.ts'
import { searchUsers } from './use-cases/search-users.ts'
import { sendFile } from './use-cases/send-file.ts'
import { sendMessage } from './use-cases/send-message.ts'
import { updateChannel } from './use-cases/update-channel.ts'
import { linkWhatsapp } from './use-cases/whatsapp-link.ts'

export { CHAT_TOPIC } from './events.ts'
export { chatOutsideFrom, type ChatOutside } from './outside/index.ts'
export { dealMessage } from './repo.ts'
/** Read only: a user's chat events after a number (private runs read what the bus did not bring). */
export { eventsAfter, latestSeq, latestSeqs } from './events-repo.ts'
/** Read only: a channel's messages around one (surveillance's reconstruction of a trade). */
export { messagesAround } from './messages-repo.ts'
export type { MessageWithFile } from './views.ts'
export type { ChatBus, ChatBusMessage, SequencedItem } from './events.ts'
export type { SendEmail } from './context.ts'
export type { ChatSocketTimings } from './socket.ts'

/** The chat's use cases bound to one context: what its routes, its socket and the demo call. */
export function chatService(context: ChatContext) {
  return bindUseCases(context, {
    issueSessionToken,
    removeSession,
    connect,
    me,
    searchUsers,
    inviteUsers,
    listChannels,
    getChannel,
    createChannel,
    updateChannel,
    invite,
    accept,
    decline,
    leave,
    ban,
    unban,
    addOperators,
    removeOperator,
    listMessages,
    sendMessage,
    sendFile,
    getFile,
    markRead,
    markDelivered,
    downloadChats,
    linkWhatsapp,
  })
}

/** How often old chat events are pruned (and once at start). */
const PRUNE_EVERY_MS = 60 * 60 * 1000

/** The chat service's type. */
export type ChatService = ReturnType<typeof chatService>

/** What the chat module is built from. */
export interface ChatModuleDeps {
  db: Db
  clock: Clock
  /** The chat topic of the event bus (in-process, or Redis across instances). */
  bus: ChatBus
  files: FileStore
  sendEmail: SendEmail
  publicUrl: string
  /** Outside services when configured (none: the product's own chat does everything). */
  outside?: ChatOutside
  /** The send limit (benches raise it); CHAT_SEND_LIMIT in CHAT_SEND_WINDOW_MS otherwise. */
  sendLimit?: { max: number; windowMs: number }
  socketTimings?: Partial<ChatSocketTimings>
}

/** The chat module: its use cases, the same bound to another clock (demo history), its routes. */
export function chatModule(deps: ChatModuleDeps) {
  const contextAt = (clock: Clock): ChatContext => ({
    db: deps.db,
    now: clock,
    files: deps.files,
    events: chatEvents(deps.bus),
    sendEmail: deps.sendEmail,
    publicUrl: deps.publicUrl,
    outside: deps.outside ?? {},
    sendLimit: deps.sendLimit ?? { max: CHAT_SEND_LIMIT, windowMs: CHAT_SEND_WINDOW_MS },
  })
  const service = chatService(contextAt(deps.clock))
  let fetchErrors: (error: unknown) => void = () => undefined
  /** The jobs fetching WhatsApp media (decision 362). */
  const fetches = whatsappFetches(contextAt(deps.clock), (error) => fetchErrors(error))
  return {
    /** The WhatsApp media jobs: `idle` waits for the pass under way, `wake` runs one (tests). */
    whatsappMedia: { idle: () => fetches.idle(), wake: () => fetches.wake() },
    service,
    /**
     * The use cases inside another module's transaction: what they store commits or rolls back
     * with it, and their events wait in `held` until `deliver` (after that transaction committed),
     * so nothing rolled back reaches a socket (an inventory offer's messages, decision 317).
     */
    serviceIn: (tx: Db, held: SequencedItem[][]) =>
      chatService({
        ...contextAt(deps.clock),
        db: tx,
        events: {
          ...chatEvents(deps.bus),
          deliver: async (items) => void held.push([...items]),
        },
      }),
    /** Hand the events held by `serviceIn` to the sockets. */
    deliver: async (held: readonly SequencedItem[][]) => {
      const events = chatEvents(deps.bus)
      for (const items of held) await events.deliver(items)
    },
    /** The use cases with another clock: the demo enters a morning's messages at their times. */
    serviceAt: (clock: Clock) => chatService(contextAt(clock)),
    /** Forget old events now (the module also does it hourly). */
    pruneEvents: () => pruneChatEvents(contextAt(deps.clock)),
    routes: async (app: FastifyInstance) => {
      await chatRoutes(app, { service })
      await app.register(outsideRoutes, { context: contextAt(deps.clock), fetches })
      fetchErrors = (error) => app.log.error({ err: error }, 'WhatsApp media fetch failed')
      app.addHook('onReady', async () => fetches.start())
      app.addHook('preClose', async () => fetches.stop())
      const prune = () =>
        void pruneChatEvents(contextAt(deps.clock)).catch((error: unknown) =>
          app.log.error({ err: error }, 'chat event pruning failed'),
        )
      const timer = setInterval(prune, PRUNE_EVERY_MS)
      timer.unref()
      app.addHook('onReady', async () => prune())
      app.addHook('onClose', async () => clearInterval(timer))
      await chatSocketRoutes(app, {
        service,
        db: deps.db,
        bus: deps.bus,
        clock: deps.clock,
        ...(deps.socketTimings ? { timings: deps.socketTimings } : {}),
      })
    },
  }
}
