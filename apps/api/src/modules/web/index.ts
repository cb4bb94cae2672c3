// The web module: the four built apps served from one port (hashed assets, index.html, build
// metadata and the SPA fallback). The server uses what this file exports, nothing else of the
// folder.
import type { FastifyInstance } from 'fastify'
import { webRoutes, type WebRoutesOptions } from './routes.ts'

export type { WebRoutesOptions } from './routes.ts'

/** The web module: its routes over the folder holding the builds. */
export function webModule(options: WebRoutesOptions) {
  return { routes: (app: FastifyInstance) => webRoutes(app, options) }
}
