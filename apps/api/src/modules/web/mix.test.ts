// Any mix of the four builds can be deployed to one server: each app's folder is loaded on its own,
// a page of an app not here is marketing's 404 (or a plain 404 without marketing), and only with no
// build at all does the server refuse to start.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { APP_FOLDERS, loadBuilds } from './builds.ts'
import { webModule } from './index.ts'

const roots: string[] = []
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })))

/** A web root holding the builds of `apps` only, each with its own builds/latest.json. */
function webRootWith(...apps: (keyof typeof APP_FOLDERS)[]) {
  const root = mkdtempSync(join(tmpdir(), 'bonds-mix-'))
  roots.push(root)
  for (const app of apps) {
    const dist = join(root, APP_FOLDERS[app], 'dist')
    mkdirSync(join(dist, 'assets'), { recursive: true })
    mkdirSync(join(dist, 'builds'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), `<!doctype html><title>${app}</title><i>${app}</i>`)
    writeFileSync(join(dist, 'assets', 'index-1.js'), `console.log('${app}')`)
    writeFileSync(join(dist, 'builds', 'latest.json'), JSON.stringify({ id: `${app}-7` }))
  }
  return root
}

async function serve(webRoot: string) {
  const app = Fastify({ logger: false })
  await app.register(webModule({ webRoot }).routes)
  await app.ready()
  return app
}

describe('any mix of app builds', () => {
  it('serves find and dart alone, each with its own build id', async () => {
    const app = await serve(webRootWith('find', 'dart'))
    expect((await app.inject({ url: '/find' })).body).toContain('<i>find</i>')
    expect((await app.inject({ url: '/dart' })).body).toContain('<i>dart</i>')
    expect((await app.inject({ url: '/find/builds/latest.json' })).json()).toEqual({ id: 'find-7' })
    expect((await app.inject({ url: '/dart/builds/latest.json' })).json()).toEqual({ id: 'dart-7' })
    expect((await app.inject({ url: '/find/assets/index-1.js' })).statusCode).toBe(200)
    // mind is not deployed here, nor marketing: a plain 404.
    expect((await app.inject({ url: '/mind' })).statusCode).toBe(404)
    await app.close()
  })

  it('answers a page of an app not deployed here with marketing’s 404 page', async () => {
    const app = await serve(webRootWith('marketing', 'find'))
    const response = await app.inject({ url: '/dart' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('<i>marketing</i>')
    expect((await app.inject({ url: '/find' })).statusCode).toBe(200)
    await app.close()
  })

  it('refuses to start with no build at all, naming what is missing', () => {
    expect(() => loadBuilds(webRootWith())).toThrow(/web builds missing/)
    expect(loadBuilds(webRootWith('mind')).missing).toHaveLength(3)
  })
})
