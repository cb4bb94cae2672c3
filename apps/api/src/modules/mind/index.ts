// The mind module (issue 23): the analyst chat for Market Researchers over the stored universe,
// chats stored per user, and chats shared read-only at /mind/public/{id} (decisions 245, 246).
// Other modules and the server use what this file exports, nothing else of the folder.
import { openAiPlanner, type Planner } from '@bonds/analyst/engine'
import { todayInIndia } from '@bonds/pricing'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import { bindUseCases, systemClock, type Clock } from '../../server-module.ts'
import { storedUniverseAnalyst } from './analyst.ts'
import type { MindContext } from './context.ts'
import { mindRoutes } from './routes.ts'
import { ask } from './use-cases/ask.ts'
import { deleteChat, getChat, listChats, renameChat } from './use-cases/chats.ts'
import { preview } from './use-cases/preview.ts'
import { publicChat, revokeShare, shareChat } from './use-cases/share.ts'
import { runAskStream, startAskStream, takeAskStream } from './use-cases/stream.ts'

/** What the mind service needs besides the database. */
export interface MindServiceOptions {
  clock?: Clock
  /** An OpenAI-compatible endpoint (ANALYST_BASE_URL, key, model); absent: the built-in planner. */
  analystEndpoint?: { baseUrl: string; apiKey: string; model: string } | undefined
  /** A planner to use instead (tests). */
  planner?: Planner
  onPlannerError?: (error: unknown) => void
  onStreamError?: (error: unknown) => void
  /** Read the universe when the server is ready, so the first question does not wait (decision 282). */
  warmOnReady?: boolean
}

/** Read the analyst's universe now (the server's start); resolves when it is ready. */
async function warm(context: MindContext): Promise<void> {
  await context.analyst()
}

/** The mind use cases over one database. */
export function mindService(db: Db, options: MindServiceOptions = {}) {
  const now = options.clock ?? systemClock
  const today = () => todayInIndia(now())
  const context: MindContext = {
    db,
    now,
    today,
    analyst: storedUniverseAnalyst(db, now, today),
    planner:
      options.planner ?? (options.analystEndpoint ? openAiPlanner(options.analystEndpoint) : null),
    onPlannerError: options.onPlannerError ?? (() => {}),
    tickets: new Map(),
    onStreamError: options.onStreamError ?? (() => {}),
  }
  return bindUseCases(context, {
    ask,
    listChats,
    getChat,
    renameChat,
    deleteChat,
    shareChat,
    revokeShare,
    publicChat,
    preview,
    startAskStream,
    takeAskStream,
    runAskStream,
    warm,
  })
}

/** The mind service's type. */
export type MindService = ReturnType<typeof mindService>

/** The mind module: its use cases and its routes. */
export function mindModule(deps: { db: Db } & MindServiceOptions) {
  const service = mindService(deps.db, deps)
  return {
    service,
    routes: (app: FastifyInstance) =>
      mindRoutes(app, { service, warmOnReady: deps.warmOnReady ?? false }),
  }
}
