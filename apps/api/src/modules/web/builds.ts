// The four apps' builds: which app answers a page request and with what status, each build loaded
// once at start (its index.html, build id and prerendered first views).
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { APP_BASES, APP_NAMES, matchRoute, type AppName } from '@bonds/domain'

/** Folder name of each app under the web root. */
export const APP_FOLDERS: Readonly<Record<AppName, string>> = {
  marketing: 'marketing',
  find: 'web-find',
  dart: 'web-dart',
  mind: 'web-mind',
}

/** One app's build, loaded once at start. */
export interface AppBuild {
  app: AppName
  /** Absolute path of the app's dist folder. */
  dist: string
  /** Public path of its assets, e.g. `/find/`. */
  base: string
  /** The SPA's index.html. */
  indexHtml: string
  /** The id in `builds/latest.json`. */
  buildId: string
  /** Prerendered first views by route-table path (`dist/prerender/routes.json`), if any. */
  firstViews: ReadonlyMap<string, FirstView>
}

/** Placeholders a first view's HTML holds, which the server replaces per request (escaped). */
export interface FirstViewSlots {
  /** Replaced with the record's name (`/security/:id` → the bond's display name). */
  name?: string
  /** Replaced with the route's `:id` segment as the request's path has it. */
  id?: string
}

/** A route's page with its first view in the HTML (the find app's build writes them). */
export interface FirstView {
  html: string
  slots: FirstViewSlots
  /** Whether a request with a query string gets it (a first view that does not depend on it). */
  query: boolean
  /** `'sha256-…'` sources of the page's inline scripts, for its Content-Security-Policy. */
  scriptHashes: string[]
}

/** The CSP sources (`'sha256-…'`) of the inline scripts of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  )
}

function loadFirstViews(dist: string): Map<string, FirstView> {
  const views = new Map<string, FirstView>()
  const manifest = join(dist, 'prerender', 'routes.json')
  if (!existsSync(manifest)) return views
  const routes = JSON.parse(readFileSync(manifest, 'utf8')) as Record<
    string,
    { file: string; slots?: FirstViewSlots; query?: boolean }
  >
  for (const [path, { file, slots = {}, query = true }] of Object.entries(routes)) {
    const html = readFileSync(join(dist, file), 'utf8')
    views.set(path, { html, slots, query, scriptHashes: inlineScriptHashes(html) })
  }
  return views
}

/** HTML-escape text for an element's content or an attribute's value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The builds found under a web root, and the index.html files of the apps not there. */
export interface LoadedBuilds {
  builds: Partial<Record<AppName, AppBuild>>
  missing: string[]
}

/**
 * Load the builds under `<webRoot>/<folder>/dist`, each on its own: any mix of the four apps may be
 * deployed to this server (the others served elsewhere, or not yet built). Throws, naming what is
 * missing, only when there is none at all.
 */
export function loadBuilds(webRoot: string): LoadedBuilds {
  const builds: Partial<Record<AppName, AppBuild>> = {}
  const missing: string[] = []
  for (const app of APP_NAMES) {
    const dist = join(webRoot, APP_FOLDERS[app], 'dist')
    const index = join(dist, 'index.html')
    if (!existsSync(index)) {
      missing.push(index)
      continue
    }
    const latest = join(dist, 'builds', 'latest.json')
    const buildId = existsSync(latest)
      ? String((JSON.parse(readFileSync(latest, 'utf8')) as { id?: unknown }).id ?? 'unknown')
      : 'unknown'
    builds[app] = {
      app,
      dist,
      base: APP_BASES[app],
      indexHtml: readFileSync(index, 'utf8'),
      buildId,
      firstViews: loadFirstViews(dist),
    }
  }
  if (Object.keys(builds).length === 0) {
    throw new Error(`web builds missing (run \`pnpm build\`): ${missing.join(', ')}`)
  }
  return { builds, missing }
}

/** The version every page polls at /version.json: changes whenever any app here is rebuilt. */
export function combinedVersion(builds: Partial<Record<AppName, AppBuild>>): string {
  const hash = createHash('sha256')
  for (const app of APP_NAMES) {
    const build = builds[app]
    if (build) hash.update(`${app}:${build.buildId};`)
  }
  return hash.digest('hex').slice(0, 16)
}

/** The app and status that answer a page path: the owning app, or marketing's 404 page. */
export function resolvePage(pathname: string): { app: AppName; status: 200 | 404 } {
  const match = matchRoute(pathname)
  if (match) return { app: match.route.app, status: 200 }
  return { app: 'marketing', status: 404 }
}
