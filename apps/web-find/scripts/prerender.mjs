// After `vite build` and `vite build --ssr src/prerender.tsx --outDir dist-ssr`: writes each
// route's first view into a copy of dist/index.html (dist/prerender/*.html) and the map the server
// reads (dist/prerender/routes.json: route-table path → file, the slots it fills per request, and
// whether a page with a query string may have it). The first view is the app's own markup inside
// #root, which the app hydrates; #root carries the path it was rendered for and the record's
// name, and an inline script sets the colour scheme before the first paint.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const app = fileURLToPath(new URL('..', import.meta.url))
const dist = join(app, 'dist')
const ssr = await import(pathToFileURL(join(app, 'dist-ssr', 'prerender.js')).href)
const {
  renderFirstViews,
  startAfterFirstPaint,
  FIRST_VIEW_ROUTES,
  FIRST_VIEW_ATTRIBUTES,
  NAME_SLOT,
  PATH_SLOT,
  COLOR_SCHEME_SCRIPT,
} = ssr
/** The part of PATH_SLOT the server replaces with the route's id. */
const ID_SLOT = PATH_SLOT.slice(PATH_SLOT.lastIndexOf('/') + 1)

/** The module of each prerendered route (the manifest lists the CSS its chunks bring). */
const ROUTE_MODULES = {
  '/find': 'src/routes/find-page.tsx',
  '/security/:id': 'src/routes/security-page.tsx',
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
const base = '/find/'
/** Stylesheets of a module's chunk and the chunks it imports statically. */
function cssOf(key, seen = new Set()) {
  if (seen.has(key)) return []
  seen.add(key)
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not in the build manifest`)
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((k) => cssOf(k, seen))]
}
const entryCss = new Set(cssOf('index.html'))
/** Script files of a module's chunk and the chunks it imports statically (not the entry's). */
function jsOf(key, seen = new Set(['index.html'])) {
  if (seen.has(key)) return []
  seen.add(key)
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not in the build manifest`)
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => jsOf(k, seen))]
}

// The first view's text faces, fetched with the stylesheets: painted in them from the start, the
// text does not change size when the app takes over (a wider face would be a new largest paint).
const FONTS = [/^inter-latin-400-normal-.*\.woff2$/, /^inter-latin-600-normal-.*\.woff2$/]
const assets = readdirSync(join(dist, 'assets'))
const fontLinks = FONTS.map((pattern) => {
  const file = assets.find((name) => pattern.test(name))
  if (!file) throw new Error(`no font matching ${pattern} in dist/assets`)
  return `<link rel="preload" as="font" type="font/woff2" crossorigin href="${base}assets/${file}">`
}).join('')

const built = readFileSync(join(dist, 'index.html'), 'utf8')
if (!built.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root')
// The app starts after the first view is painted: its module script and preloads leave the HTML
// for an inline starter (see startAfterFirstPaint).
const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g
const entry = built.match(ENTRY)?.[1]
if (!entry) throw new Error('dist/index.html has no module script')
const preloads = [...built.matchAll(PRELOAD)].map((m) => m[1])
const index = built.replace(ENTRY, '').replace(PRELOAD, '')
const head = `<script>${COLOR_SCHEME_SCRIPT}</script>`

const out = join(dist, 'prerender')
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const routes = {}
for (const [path, html] of Object.entries(await renderFirstViews())) {
  const { location, name } = FIRST_VIEW_ROUTES[path]
  const file = `${path.replace(/^\//, '').replace(/[/:]+/g, '-')}.html`
  const module = ROUTE_MODULES[path]
  if (!module) throw new Error(`no module named for ${path}`)
  // The route's own styles would come with its chunk; the first view needs them at once.
  const links = [...new Set(cssOf(module))]
    .filter((css) => !entryCss.has(css))
    .map((css) => `<link rel="stylesheet" crossorigin href="${base}${css}">`)
    .join('')
  // The route's own chunks are preloaded with the entry's, so they load alongside it (the
  // router finds them preloaded and does not add them again inside the app's first render).
  const routeScripts = jsOf(module)
    .map((file) => `${base}${file}`)
    .filter((url) => !preloads.includes(url))
  const starter = `<script>${startAfterFirstPaint(entry, preloads, routeScripts)}</script>`
  const page = index
    .replace('</head>', `${links}${fontLinks}${head}${starter}</head>`)
    .replace('<html lang="en-IN">', '<html lang="en-IN" data-mantine-color-scheme="light">')
    .replace(
      '<div id="root"></div>',
      `<div id="root" ${FIRST_VIEW_ATTRIBUTES.path}="${location}"${
        name === undefined ? '' : ` ${FIRST_VIEW_ATTRIBUTES.name}="${name}"`
      }>${html}</div>`,
    )
  writeFileSync(join(out, file), page)
  const slots = {
    ...(page.includes(NAME_SLOT) ? { name: NAME_SLOT } : {}),
    ...(page.includes(ID_SLOT) ? { id: ID_SLOT } : {}),
  }
  routes[path] = {
    file: `prerender/${file}`,
    ...(Object.keys(slots).length ? { slots } : {}),
    // The first view of /find is the unfiltered screen; a screen in the URL renders afresh.
    query: path !== '/find',
  }
  console.log(
    `prerendered ${path} → dist/prerender/${file} (${(page.length / 1024).toFixed(1)} KiB)`,
  )
}
writeFileSync(join(out, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`)
rmSync(join(app, 'dist-ssr'), { recursive: true, force: true })
