// The real app on a test database for the network's tests: demo accounts and the demo network,
// tokens for every demo role, the events published, and the two demo clients' ids.
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { testDatabase } from '../../db/testing.ts'
import type { DomainEvent } from '../../events/bus.ts'
import { as, signIn } from '../auth/testing.ts'

/** The demo roles signed in. */
export const WHO = [
  'dealer',
  'viewer',
  'backoffice',
  'compliance',
  'opsadmin',
  'researcher',
  'user',
  'broker',
  'investor',
] as const
/** A demo role. */
export type Who = (typeof WHO)[number]

/** A started test app. */
export interface NetworkTestApp {
  app: FastifyInstance
  database: Database
  events: DomainEvent[]
  token: Record<Who, string>
  /** Demo Capital's and Demo Securities' client ids. */
  capital: string
  securities: string
  investorClient: string
  call: (
    who: Who | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => ReturnType<typeof as>
  close: () => Promise<void>
}

/** Start the app (demo mode, no bond universe, no demo market) and sign every demo role in. */
export async function startNetworkApp(): Promise<NetworkTestApp> {
  const database = await testDatabase()
  const app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'network-test',
      AUTH_RATE_LIMIT: '10000',
      WRITE_RATE_LIMIT: '10000',
    }),
    { web: false, database, universe: false, demoMarket: false },
  )
  await app.ready()
  const events: DomainEvent[] = []
  app.events.subscribe((event) => events.push(event))
  const token = {} as Record<Who, string>
  for (const who of WHO) token[who] = (await signIn(app, `${who}@demo.test`)).access
  const call: NetworkTestApp['call'] = (who, method, url, payload) =>
    as(app, who ? token[who] : null, { method, url, ...(payload ? { payload } : {}) })
  const clientOf = async (who: Who) =>
    ((await call(who, 'GET', '/api/client/')).json() as { id: string }).id
  return {
    app,
    database,
    events,
    token,
    capital: await clientOf('dealer'),
    securities: await clientOf('broker'),
    investorClient: await clientOf('investor'),
    call,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}
