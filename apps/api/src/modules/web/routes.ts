// Serves the four built SPAs from one port: hashed assets cached immutable, index.html and
// build metadata never cached, each page path answered by the app that owns it.
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { join } from 'node:path'
import { APP_NAMES } from '@bonds/domain'
import { isApiPath, sendApiNotFound } from '../../http/errors.ts'
import { combinedVersion, loadBuilds, resolvePage } from './service.ts'

const NO_CACHE = 'no-cache, no-store, must-revalidate'
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Options of the web module. */
export interface WebRoutesOptions {
  /** Folder holding `<app folder>/dist` for each app. */
  webRoot: string
}

/** Register static assets, `/version.json`, `<base>builds/latest.json` and the SPA fallback. */
export async function webRoutes(app: FastifyInstance, options: WebRoutesOptions): Promise<void> {
  const builds = loadBuilds(options.webRoot)
  const version = combinedVersion(builds)

  // access: public
  app.get('/version.json', async (_request, reply) => {
    return reply.header('cache-control', NO_CACHE).send({ version })
  })

  for (const [index, name] of APP_NAMES.entries()) {
    const build = builds[name]
    await app.register(fastifyStatic, {
      root: join(build.dist, 'assets'),
      prefix: `${build.base}assets/`,
      decorateReply: index === 0,
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies (vite-config's precompressPlugin).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res) => {
        res.header('cache-control', IMMUTABLE)
      },
    })
    // access: public
    app.get(`${build.base}builds/latest.json`, async (_request, reply) => {
      return reply.header('cache-control', NO_CACHE).send({ id: build.buildId })
    })
  }

  // access: public. Everything else that is not an API path is a page.
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = new URL(request.url, 'http://localhost').pathname
    if (isApiPath(pathname)) return sendApiNotFound(request, reply)
    const isAsset = /\/assets\//.test(pathname) || /\.[a-z0-9]{1,8}$/i.test(pathname)
    if (isAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found')
    }
    const page = resolvePage(pathname)
    return reply
      .code(page.status)
      .header('cache-control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(builds[page.app].indexHtml)
  })
}
