// The trade-socket module: `GET /ws/trade/d/`, which authenticates a socket and then delivers every
// bus event addressed to its user or client, coalesced per socket. The server uses what this file
// exports, nothing else of the folder.
import type { FastifyInstance } from 'fastify'
import { tradeSocketRoutes, type TradeSocketOptions } from './routes.ts'

export { DEFAULT_SOCKET_LIMITS, DEFAULT_SOCKET_TIMINGS } from './routes.ts'
export type { SocketLimits, SocketTimings, TradeSocketOptions } from './routes.ts'
export { signTestToken, verifyTestToken } from './test-token.ts'
export type { SocketIdentity } from './test-token.ts'

/** The trade-socket module: its route over the bus and a token verifier. */
export function tradeSocketModule(options: TradeSocketOptions) {
  return { routes: (app: FastifyInstance) => tradeSocketRoutes(app, options) }
}
