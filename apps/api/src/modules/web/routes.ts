// Serves the four built SPAs from one port: hashed assets cached immutable, index.html and
// build metadata never cached, each page path answered by the app that owns it.
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { APP_NAMES, documentTitle, matchRoute, securityTitle, type RouteMatch } from '@bonds/domain'
import { isApiPath, sendApiNotFound } from '../../http/errors.ts'
import {
  combinedVersion,
  escapeHtml,
  loadBuilds,
  resolvePage,
  type AppBuild,
  type FirstView,
} from './builds.ts'

const NO_CACHE = 'no-cache, no-store, must-revalidate'
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** The icon is not hashed: a day, then asked again. */
const ICON_CACHE = 'public, max-age=86400'

/** Options of the web module. */
export interface WebRoutesOptions {
  /** Folder holding `<app folder>/dist` for each app. */
  webRoot: string
  /**
   * The name a prerendered first view shows for a route's record (`/security/:id` → the bond's
   * display name); undefined when there is none, and the page is sent without a first view.
   */
  firstViewName?: (routePath: string, params: Record<string, string>) => Promise<string | undefined>
}

/** A page's HTML, compressed as the browser accepts (first views are 10–60 kB). */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, status: number) {
  reply.code(status).header('cache-control', NO_CACHE).type('text/html; charset=utf-8')
  reply.header('vary', 'accept-encoding')
  const accepted = String(request.headers['accept-encoding'] ?? '')
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    return reply.header('content-encoding', 'br').send(body)
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }))
  }
  return reply.send(html)
}

/** This page's Content-Security-Policy: the app's, with its own inline scripts allowed by hash. */
function allowInlineScripts(reply: FastifyReply, view: FirstView): void {
  const policy = reply.getHeader('content-security-policy')
  if (typeof policy !== 'string' || view.scriptHashes.length === 0) return
  reply.header(
    'content-security-policy',
    policy.replace(/script-src 'self'/, `script-src 'self' ${view.scriptHashes.join(' ')}`),
  )
}

/** The page with its prerendered first view, or undefined to send the plain index.html. */
function firstViewHtml(
  build: AppBuild,
  url: URL,
  match: RouteMatch | undefined,
  name: string | undefined,
): { html: string; view: FirstView } | undefined {
  const view = match && build.firstViews.get(match.route.path)
  if (!match || !view) return undefined
  if (!view.query && url.search !== '') return undefined
  let html = view.html
  if (view.slots.id !== undefined) {
    // The segment as the browser's location has it: the app compares the two to hydrate.
    const segment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1)
    html = html.replaceAll(view.slots.id, escapeHtml(segment))
  }
  if (view.slots.name !== undefined) {
    if (name === undefined) return undefined
    html = html.replaceAll(view.slots.name, escapeHtml(name))
  }
  return { html, view }
}

/** The tab's title the page arrives with: the route's, the bond's name and ISIN, or Not Found. */
function pageTitle(match: RouteMatch | undefined, name: string | undefined): string {
  if (!match) return 'Not Found'
  if (match.route.path === '/security/:id') return securityTitle(match.params.id ?? '', name)
  return match.route.title
}

/** The HTML with its `<title>` saying `page`. */
function withTitle(html: string, page: string): string {
  return html.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(documentTitle(page))}</title>`,
  )
}

/** Register static assets, `/version.json`, `<base>builds/latest.json` and the SPA fallback. */
export async function webRoutes(app: FastifyInstance, options: WebRoutesOptions): Promise<void> {
  const { builds, missing } = loadBuilds(options.webRoot)
  if (missing.length > 0) app.log.warn({ missing }, 'serving without some app builds')
  const version = combinedVersion(builds)

  // access: public
  app.get('/version.json', async (_request, reply) => {
    return reply.header('cache-control', NO_CACHE).send({ version })
  })

  let decorated = false
  for (const name of APP_NAMES) {
    const build = builds[name]
    if (!build) continue
    await app.register(fastifyStatic, {
      root: join(build.dist, 'assets'),
      prefix: `${build.base}assets/`,
      // One registration decorates the reply (a second would throw).
      decorateReply: !decorated,
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies (vite-config's precompressPlugin).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res) => {
        res.header('cache-control', IMMUTABLE)
      },
    })
    decorated = true
    // access: public. The tab's icon, copied from the app's public/ by its build.
    const icon = join(build.dist, 'favicon.svg')
    if (existsSync(icon)) {
      const svg = readFileSync(icon)
      app.get(`${build.base}favicon.svg`, async (_request, reply) =>
        reply.type('image/svg+xml').header('cache-control', ICON_CACHE).send(svg),
      )
    }
    // access: public
    app.get(`${build.base}builds/latest.json`, async (_request, reply) => {
      return reply.header('cache-control', NO_CACHE).send({ id: build.buildId })
    })
  }

  // access: public. Everything else that is not an API path is a page.
  app.setNotFoundHandler(async (request, reply) => {
    const url = new URL(request.url, 'http://localhost')
    const { pathname } = url
    if (isApiPath(pathname)) return sendApiNotFound(request, reply)
    const isAsset = /\/assets\//.test(pathname) || /\.[a-z0-9]{1,8}$/i.test(pathname)
    if (isAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found')
    }
    const owner = resolvePage(pathname)
    // A page of an app not deployed here is marketing's 404 page (or a plain 404 without it).
    const page = builds[owner.app] ? owner : { app: 'marketing' as const, status: 404 as const }
    const build = builds[page.app]
    if (!build) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found')
    const match = page.status === 200 ? matchRoute(pathname) : undefined
    const name =
      match &&
      (match.route.titleFromPage === true ||
        build.firstViews.get(match.route.path)?.slots.name !== undefined)
        ? await options.firstViewName?.(match.route.path, match.params)
        : undefined
    const title = pageTitle(match, name)
    const first = firstViewHtml(build, url, match, name)
    if (!first) return sendHtml(request, reply, withTitle(build.indexHtml, title), page.status)
    allowInlineScripts(reply, first.view)
    return sendHtml(request, reply, withTitle(first.html, title), page.status)
  })
}
