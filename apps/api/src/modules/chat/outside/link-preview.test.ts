// Link previews on the server (decision 276) against a local HTTP server: a page's preview, a
// redirect followed, and the hostile cases refused: private, loopback, link-local, metadata and
// IPv4-mapped addresses (also after redirects), other schemes, credentials, redirect loops, slow
// and oversized answers, non-HTML. The default rule refuses the local server itself.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatApp } from '../testing.ts'
import { firstLink, isBlockedAddress, linkPreviewer } from './link-preview.ts'

let server: Server
let base = ''
let hits = 0
/** Listeners on other loopback addresses: reached only if a refusal failed. */
const decoys: Server[] = []
const decoyUrls: string[] = []
let decoyHits = 0
const PAGE = `<!doctype html><html><head><title>Fallback</title>
<meta property="og:title" content="6.54 GS 2032 &amp; the curve">
<meta name="description" content='Plain description'>
<meta property="og:description" content="Yields &#x2192; 7.04%"></head><body>x</body></html>`

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1
    const port = (server.address() as AddressInfo).port
    const go = (location: string) => res.writeHead(302, { location }).end()
    switch (req.url) {
      case '/page':
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE)
      case '/to-page':
        return go('/page')
      case '/to-private':
        return go('http://10.0.0.1/page')
      case '/to-metadata':
        return go('http://169.254.169.254/latest/meta-data/')
      case '/to-decoy-0':
      case '/to-decoy-1':
        return go(`${decoyUrls[Number(req.url.slice(-1))]}/page`)
      case '/to-mapped':
        return go(decoyUrls[0]!.replace('127.0.0.2', '[::ffff:127.0.0.2]') + '/page')
      case '/to-localhost':
        return go(`http://localhost:${port}/page`)
      case '/to-file':
        return go('file:///etc/passwd')
      case '/loop':
        return go('/loop')
      case '/json':
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"x"}')
      case '/huge':
        res.writeHead(200, { 'content-type': 'text/html' })
        res.write('<html><head>' + ' '.repeat(400_000))
        return res.end('<title>Too far</title></head></html>')
      case '/slow':
        return // never answers
      default:
        return res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  for (const host of ['127.0.0.2', '::1']) {
    const decoy = createServer((_req, res) => {
      decoyHits += 1
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)
    })
    const ok = await new Promise<boolean>((resolve) => {
      decoy.once('error', () => resolve(false))
      decoy.listen(0, host, () => resolve(true))
    })
    if (!ok) continue
    decoys.push(decoy)
    const port = (decoy.address() as AddressInfo).port
    decoyUrls.push(host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`)
  }
})

afterAll(async () => {
  for (const s of [server, ...decoys]) {
    s.closeAllConnections()
    await new Promise((resolve) => s.close(resolve))
  }
})

/** The rule with this test's own server (127.0.0.1 exactly) trusted. */
const trusted = (address: string) => address !== '127.0.0.1' && isBlockedAddress(address)
const preview = linkPreviewer({ blocked: trusted, timeoutMs: 1_000 })

describe('the address rule', () => {
  it('refuses private, loopback, link-local, metadata and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      'ff02::1',
      'not an address',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true)
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(isBlockedAddress(address), address).toBe(false)
    }
  })

  it('finds the first http(s) link of a text', () => {
    expect(firstLink('see https://example.com/a?b=1, then')).toBe('https://example.com/a?b=1')
    expect(firstLink('(http://example.com/x).')).toBe('http://example.com/x')
    expect(firstLink('ftp://example.com javascript:alert(1)')).toBeNull()
  })
})

describe('fetching a preview', () => {
  it('reads og:title and og:description, entities decoded, following a redirect', async () => {
    expect(await preview(`${base}/page`)).toEqual({
      url: `${base}/page`,
      title: '6.54 GS 2032 & the curve',
      description: 'Yields → 7.04%',
    })
    expect(await preview(`${base}/to-page`)).toMatchObject({ url: `${base}/page` })
  })

  it('refuses what the rule forbids, also after a redirect', async () => {
    expect(decoyUrls.length).toBeGreaterThan(0)
    const decoyPaths = decoyUrls.map((_, i) => `/to-decoy-${i}`)
    for (const path of ['/to-private', '/to-metadata', '/to-mapped', '/to-file', ...decoyPaths]) {
      expect(await preview(`${base}${path}`), path).toBeNull()
    }
    for (const url of decoyUrls) expect(await preview(`${url}/page`), url).toBeNull()
    // The decoys answer anyone who reaches them: nothing did.
    expect(decoyHits).toBe(0)
    for (const link of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://0x7f000001/',
      'http://2130706433/',
      `http://user:secret@127.0.0.1:${new URL(base).port}/page`,
      'file:///etc/passwd',
      'ftp://127.0.0.1/',
      'gopher://127.0.0.1/',
    ]) {
      expect(await preview(link), link).toBeNull()
    }
  })

  it('refuses loops, non-HTML, oversized and slow answers within the limits', async () => {
    expect(await preview(`${base}/loop`)).toBeNull()
    expect(await preview(`${base}/json`)).toBeNull()
    expect(
      await linkPreviewer({ blocked: trusted, maxBytes: 64 * 1024 })(`${base}/huge`),
    ).toBeNull()
    const started = Date.now()
    expect(await linkPreviewer({ blocked: trusted, timeoutMs: 300 })(`${base}/slow`)).toBeNull()
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('checks every address a name resolves to, and connects to the one it checked', async () => {
    const names: Record<string, string[]> = {
      'desk.test': ['127.0.0.1'],
      'rebind.test': ['8.8.8.8', '127.0.0.1'],
      'metadata.test': ['169.254.169.254'],
      'mixed.test': ['127.0.0.1', '10.0.0.1'],
    }
    const resolve = async (host: string) =>
      (names[host] ?? []).map((address) => ({ address, family: 4 }))
    const port = new URL(base).port
    const before = hits
    const strict = linkPreviewer({ timeoutMs: 1_000, resolve })
    for (const host of ['desk.test', 'rebind.test', 'metadata.test', 'unknown.test']) {
      expect(await strict(`http://${host}:${port}/page`), host).toBeNull()
    }
    expect(hits - before).toBe(0)
    const lenient = linkPreviewer({ timeoutMs: 1_000, resolve, blocked: trusted })
    expect(await lenient(`http://desk.test:${port}/page`)).toMatchObject({
      url: `http://desk.test:${port}/page`,
    })
    // One refused address among those a name has refuses the name.
    expect(await lenient(`http://mixed.test:${port}/page`)).toBeNull()
  })

  it('with the default rule, never reaches this machine (not even to ask)', async () => {
    const before = hits
    const strict = linkPreviewer({ timeoutMs: 1_000 })
    expect(await strict(`${base}/page`)).toBeNull()
    expect(await strict(`http://localhost:${new URL(base).port}/page`)).toBeNull()
    expect(await strict(`${base}/to-page`)).toBeNull()
    expect(hits - before).toBe(0)
  })
})

describe('a message with a link', () => {
  it('carries the preview in what members see', async () => {
    const t = await startChatApp({ build: { chatOutside: { previews: preview } } })
    try {
      for (const who of ['dealer', 'broker']) await t.acceptTerms(who)
      const channel = (
        await t.call('dealer', 'POST', '/api/chat/channels/', {
          customType: 'direct',
          invitedUserIds: [t.id.broker],
          isDistinct: true,
        })
      ).json()
      const sent = await t.call('dealer', 'POST', `/api/chat/channels/${channel.url}/messages/`, {
        reqId: 'link-1',
        message: `Look: ${base}/page`,
      })
      expect(sent.statusCode).toBe(201)
      expect(sent.json().ogMetaData).toMatchObject({ title: '6.54 GS 2032 & the curve' })
      const plain = await t.call('dealer', 'POST', `/api/chat/channels/${channel.url}/messages/`, {
        reqId: 'link-2',
        message: `Private: ${base}/to-metadata`,
      })
      expect(plain.json().ogMetaData).toBeNull()
      const listed = await t.call('broker', 'GET', `/api/chat/channels/${channel.url}/messages/`)
      const messages = listed.json().messages as { reqId: string; ogMetaData: unknown }[]
      expect(messages.find((m) => m.reqId === 'link-1')?.ogMetaData).toMatchObject({
        url: `${base}/page`,
      })
    } finally {
      await t.close()
    }
  })
})
