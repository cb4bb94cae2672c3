import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { TEST_GSEC_2032, testDatabase } from '../../db/testing.ts'
import type { Database } from '../../db/index.ts'
import { readConfig } from '../../config.ts'
import { finstruments } from '../../db/schema.ts'
import { APP_FOLDERS, inlineScriptHashes } from './builds.ts'

const SLOT = '__FIRST_VIEW_NAME__'
const ID_SLOT = '__FIRST_VIEW_ID__'
const SCHEME_SCRIPT = "document.documentElement.setAttribute('data-x','1')"

/** The find build's prerendered first views, as its build writes them. */
function writeFirstViews(base: string) {
  const dist = join(webRoot, APP_FOLDERS.find, 'dist')
  mkdirSync(join(dist, 'prerender'), { recursive: true })
  const page = (attributes: string, body: string) =>
    `<!doctype html><head><title>web-find</title><meta name=app content=web-find><script>${SCHEME_SCRIPT}</script></head><body><div id="root" ${attributes}>${body}</div>`
  writeFileSync(
    join(dist, 'prerender', 'find.html'),
    page('data-first-view-path="/find"', '<h1>Find a bond</h1>'),
  )
  writeFileSync(
    join(dist, 'prerender', 'security-id.html'),
    page(
      `data-first-view-path="/security/${ID_SLOT}" data-first-view-name="${SLOT}"`,
      `<h1>${SLOT}</h1><p>${SLOT}</p>`,
    ),
  )
  writeFileSync(
    join(dist, 'prerender', 'routes.json'),
    JSON.stringify({
      '/find': { file: 'prerender/find.html', query: false },
      '/security/:id': {
        file: 'prerender/security-id.html',
        slots: { name: SLOT, id: ID_SLOT },
        query: true,
      },
    }),
  )
  return base
}

let webRoot: string
let app: FastifyInstance
let database: Database

function writeBuild(folder: string, base: string) {
  const dist = join(webRoot, folder, 'dist')
  mkdirSync(join(dist, 'assets'), { recursive: true })
  mkdirSync(join(dist, 'builds'), { recursive: true })
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><title>${folder}</title><meta name=app content=${folder}>`,
  )
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log('${folder}')`)
  const source = Buffer.from(`console.log('${folder}')`)
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(source))
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(source))
  writeFileSync(join(dist, 'builds', 'latest.json'), JSON.stringify({ id: `${folder}-build` }))
  writeFileSync(
    join(dist, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg"><title>${folder}</title></svg>`,
  )
  return base
}

beforeAll(async () => {
  database = await testDatabase()
  webRoot = mkdtempSync(join(tmpdir(), 'bonds-web-'))
  writeBuild(APP_FOLDERS.marketing, '/')
  writeBuild(APP_FOLDERS.find, '/find/')
  writeFirstViews('/find/')
  writeBuild(APP_FOLDERS.dart, '/dart/')
  writeBuild(APP_FOLDERS.mind, '/mind/')
  app = await buildApp(readConfig({ WEB_ROOT: webRoot, LOG_LEVEL: 'silent', DEMO_MODE: 'false' }), {
    database,
  })
  await database.db.insert(finstruments).values([
    TEST_GSEC_2032,
    {
      ...TEST_GSEC_2032,
      id: 'INE000000X01',
      isin: 'INE000000X01',
      displayName: '<b>9% "A&B" 2030</b>',
    },
  ])
})

afterAll(async () => {
  await app.close()
  await database.close()
  rmSync(webRoot, { recursive: true, force: true })
})

describe('pages', () => {
  it.each([
    ['/', 'marketing'],
    ['/about', 'marketing'],
    ['/product/find', 'marketing'],
    ['/find', 'web-find'],
    ['/security/IN0020220151', 'web-find'],
    ['/dart', 'web-dart'],
    ['/mind', 'web-mind'],
    ['/mind/public/abc', 'web-mind'],
  ])('%s is answered by %s with 200 and no-cache', async (url, folder) => {
    const response = await app.inject({ url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.headers['cache-control']).toContain('no-cache')
    expect(response.body).toContain(`<meta name=app content=${folder}>`)
  })

  it('answers an unknown path with the marketing app and status 404', async () => {
    const response = await app.inject({ url: '/nope' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('<meta name=app content=marketing>')
    expect(response.body).toContain('<title>Not Found · Bonds Workspace</title>')
  })

  it.each([
    ['/', 'Bonds Workspace: search and price India’s bonds, and talk to your desk'],
    ['/about', 'About · Bonds Workspace'],
    ['/manage-users', 'Manage users · Bonds Workspace'],
    ['/client/transactions', 'Transactions · Bonds Workspace'],
  ])('sends %s with its own title', async (url, title) => {
    const response = await app.inject({ url })
    expect(response.body).toContain(`<title>${title}</title>`)
  })

  it('does not answer a missing asset with a page', async () => {
    const response = await app.inject({ url: '/find/assets/missing.js' })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('<title>')
  })

  it('answers unknown API paths with 404 JSON', async () => {
    const response = await app.inject({ url: '/api/nope/' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
  })
})

describe('assets and build metadata', () => {
  it('serves hashed assets of each app under its base, cached immutable', async () => {
    for (const [base, folder] of [
      ['/', 'marketing'],
      ['/find/', 'web-find'],
      ['/dart/', 'web-dart'],
      ['/mind/', 'web-mind'],
    ] as const) {
      const response = await app.inject({ url: `${base}assets/index-abc123.js` })
      expect(response.statusCode).toBe(200)
      expect(response.body).toContain(folder)
      expect(response.headers['cache-control']).toContain('immutable')
    }
  })

  it('sends the build’s pre-compressed copy the browser accepts, else the plain file', async () => {
    const br = await app.inject({
      url: '/find/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('web-find')
    expect(br.headers['cache-control']).toContain('immutable')
    const gz = await app.inject({
      url: '/find/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toContain('web-find')
    const plain = await app.inject({ url: '/find/assets/index-abc123.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('web-find')
  })

  it('serves /version.json uncached with a version field', async () => {
    const response = await app.inject({ url: '/version.json' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toContain('no-cache')
    expect(response.json().version).toMatch(/^[0-9a-f]{16}$/)
  })

  it('serves each app’s icon under its base', async () => {
    for (const [url, folder] of [
      ['/favicon.svg', 'marketing'],
      ['/find/favicon.svg', 'web-find'],
    ]) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type']).toContain('image/svg+xml')
      expect(response.body).toContain(`<title>${folder}</title>`)
    }
  })

  it('serves builds/latest.json under each app base with its build id', async () => {
    const response = await app.inject({ url: '/find/builds/latest.json?t=123' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toContain('no-cache')
    expect(response.json()).toEqual({ id: 'web-find-build' })
  })
})

describe('prerendered first views', () => {
  it('sends /find with its first view and allows its inline script by hash alone', async () => {
    const response = await app.inject({ url: '/find', headers: { 'accept-encoding': 'identity' } })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(
      '<div id="root" data-first-view-path="/find"><h1>Find a bond</h1></div>',
    )
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain(`script-src 'self' ${inlineScriptHashes(response.body)[0]}`)
    expect(csp).not.toContain("unsafe-inline';script") // scripts stay strict
    expect(inlineScriptHashes(`<script>${SCHEME_SCRIPT}</script>`)).toEqual(
      inlineScriptHashes(response.body),
    )
  })

  it("fills the security page with the bond's name, escaped, from the database", async () => {
    const named = await app.inject({ url: '/security/in0020210244?from=find' })
    expect(named.body).toContain(
      '<div id="root" data-first-view-path="/security/in0020210244" data-first-view-name="6.54% GS 2032"><h1>6.54% GS 2032</h1><p>6.54% GS 2032</p>',
    )
    const hostile = await app.inject({ url: '/security/INE000000X01' })
    const escaped = '&#60;b&#62;9% &#34;A&#38;B&#34; 2030&#60;/b&#62;'
    expect(hostile.body).toContain(`data-first-view-name="${escaped}"><h1>${escaped}</h1>`)
    expect(hostile.body).not.toContain('<b>')
    expect(named.body).toContain('<title>6.54% GS 2032 (IN0020210244) · Bonds Workspace</title>')
    expect(hostile.body).toContain(`<title>${escaped} (INE000000X01) · Bonds Workspace</title>`)
  })

  it('fills the path as the request has it, escaped', async () => {
    const response = await app.inject({ url: '/security/IN0020210244%22%3E' })
    expect(response.statusCode).toBe(200)
    // Not a bond: the plain page, never the raw segment in an attribute.
    expect(response.body).not.toContain('%22%3E"')
    expect(response.body).not.toContain('">')
  })

  it('sends /find with a screen in its query without the first view (that view is unfiltered)', async () => {
    const response = await app.inject({ url: '/find?rating=AAA' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(
      '<!doctype html><title>Find a bond · Bonds Workspace</title><meta name=app content=web-find>',
    )
  })

  it("sends the plain page for a bond it does not know, and only the app's own CSP", async () => {
    const response = await app.inject({ url: '/security/NOPE' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(
      '<!doctype html><title>NOPE · Bonds Workspace</title><meta name=app content=web-find>',
    )
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self';")
  })

  it('compresses the page as the browser accepts', async () => {
    const br = await app.inject({ url: '/find', headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Find a bond')
    const gz = await app.inject({ url: '/find', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toContain('Find a bond')
  })
})
