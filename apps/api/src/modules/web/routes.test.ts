import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { testDatabase } from '../../db/testing.ts'
import type { Database } from '../../db/index.ts'
import { readConfig } from '../../config.ts'
import { APP_FOLDERS } from './service.ts'

let webRoot: string
let app: FastifyInstance
let database: Database

function writeBuild(folder: string, base: string) {
  const dist = join(webRoot, folder, 'dist')
  mkdirSync(join(dist, 'assets'), { recursive: true })
  mkdirSync(join(dist, 'builds'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>${folder}</title>`)
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log('${folder}')`)
  const source = Buffer.from(`console.log('${folder}')`)
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(source))
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(source))
  writeFileSync(join(dist, 'builds', 'latest.json'), JSON.stringify({ id: `${folder}-build` }))
  return base
}

beforeAll(async () => {
  database = await testDatabase()
  webRoot = mkdtempSync(join(tmpdir(), 'bonds-web-'))
  writeBuild(APP_FOLDERS.marketing, '/')
  writeBuild(APP_FOLDERS.find, '/find/')
  writeBuild(APP_FOLDERS.dart, '/dart/')
  writeBuild(APP_FOLDERS.mind, '/mind/')
  app = await buildApp(readConfig({ WEB_ROOT: webRoot, LOG_LEVEL: 'silent', DEMO_MODE: 'false' }), {
    database,
  })
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
    expect(response.body).toContain(`<title>${folder}</title>`)
  })

  it('answers an unknown path with the marketing app and status 404', async () => {
    const response = await app.inject({ url: '/nope' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('<title>marketing</title>')
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

  it('serves builds/latest.json under each app base with its build id', async () => {
    const response = await app.inject({ url: '/find/builds/latest.json?t=123' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toContain('no-cache')
    expect(response.json()).toEqual({ id: 'web-find-build' })
  })
})
