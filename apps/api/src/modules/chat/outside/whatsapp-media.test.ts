// Which chat files go to WhatsApp as what (decision 300), within Meta's limits; inbound media
// fetched (decisions 334, 362).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startFakeServer,
  type FakeAnswer,
  type FakeServer,
} from '../../../testing/fake-http-server.ts'
import { isBlockedAddress } from './link-preview.ts'
import {
  fetchWhatsappMedia,
  whatsappMediaPlan,
  WhatsappMediaGone,
  WhatsappMediaMismatch,
  WhatsappMediaTooLarge,
} from './whatsapp-media.ts'

const MiB = 1024 * 1024

describe('whatsappMediaPlan', () => {
  it('sends JPEG and PNG as images up to 5 MB and MP4 as video up to 16 MB, larger as documents', () => {
    expect(whatsappMediaPlan('image/jpeg', 5 * MiB)).toEqual({
      kind: 'image',
      uploadType: 'image/jpeg',
    })
    expect(whatsappMediaPlan('image/png', 5 * MiB + 1)).toEqual({
      kind: 'document',
      uploadType: 'image/png',
    })
    expect(whatsappMediaPlan('video/mp4', 16 * MiB)).toEqual({
      kind: 'video',
      uploadType: 'video/mp4',
    })
    expect(whatsappMediaPlan('video/mp4', 16 * MiB + 1)?.kind).toBe('document')
  })

  it('sends office files, PDF and text as documents, CSV as the plain text it is', () => {
    expect(whatsappMediaPlan('application/pdf', 10)).toEqual({
      kind: 'document',
      uploadType: 'application/pdf',
    })
    expect(whatsappMediaPlan('text/csv', 10)).toEqual({
      kind: 'document',
      uploadType: 'text/plain',
    })
    expect(whatsappMediaPlan('application/vnd.ms-excel', 10)?.kind).toBe('document')
  })

  it('takes no GIF, WebP, WebM or QuickTime', () => {
    for (const type of ['image/gif', 'image/webp', 'video/webm', 'video/quicktime'])
      expect(whatsappMediaPlan(type, 10)).toBeNull()
  })
})

// Inbound media (decisions 334, 362): the two steps against a local fake Cloud API; its download
// redirects to an HTTPS "CDN" (a local server with a test certificate for media.test), which is
// followed without the token, while redirects off https, to refused addresses or past 3 hops are
// not; the bytes are held to Meta's sha256.
describe('fetchWhatsappMedia', () => {
  const tls = join(dirname(fileURLToPath(import.meta.url)), '../../../testing/tls')
  const ca = readFileSync(join(tls, 'media-test.crt'), 'utf8')
  const bytes = Buffer.from('%PDF-1.7\n%%EOF\n')
  const base64 = createHash('sha256').update(bytes).digest('base64')
  let cdn: Server
  let cdnPort = 0
  const cdnHeaders: IncomingHttpHeaders[] = []
  let api: FakeServer
  /** Where the fake's download of each media id sends the client. */
  const moves: Record<string, string> = {}

  beforeAll(async () => {
    cdn = createServer(
      {
        key: readFileSync(join(tls, 'media-test.key')),
        cert: ca,
      },
      (request, response) => {
        cdnHeaders.push(request.headers)
        const hop = /^\/hop\/(\d+)$/.exec(request.url ?? '')
        if (hop) {
          response.writeHead(302, { location: `/hop/${Number(hop[1]) + 1}` }).end()
          return
        }
        response.writeHead(200, { 'content-type': 'application/pdf' }).end(bytes)
      },
    )
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve))
    cdnPort = (cdn.address() as AddressInfo).port
    api = await startFakeServer((request): FakeAnswer => {
      const described = /^\/(m-[a-z]+)$/.exec(request.path)?.[1]
      if (described === 'm-gone') return { status: 404, body: { error: { message: 'gone' } } }
      if (described) {
        return {
          body: {
            id: described,
            url: `${api.url}/download/${described}`,
            mime_type: 'application/pdf',
            sha256: base64,
            file_size: bytes.length,
          },
        }
      }
      const download = /^\/download\/(m-[a-z]+)$/.exec(request.path)?.[1] ?? ''
      const move = moves[download]
      if (move) return { status: 302, headers: { location: move.replace('PORT', `${cdnPort}`) } }
      return { body: bytes, headers: { 'content-type': 'application/pdf' } }
    })
  })
  afterAll(async () => {
    await api.close()
    await new Promise((resolve) => cdn.close(resolve))
  })

  const endpoint = () => ({ apiUrl: api.url, phoneNumberId: '1055', accessToken: 'wa-token' })
  const options = {
    ca,
    // media.test is the local CDN; everything else resolves to an address the guard refuses.
    resolve: async (host: string) =>
      host === 'media.test'
        ? [{ address: '127.0.0.1', family: 4 }]
        : [{ address: '169.254.169.254', family: 4 }],
    blocked: (address: string) => address !== '127.0.0.1' && isBlockedAddress(address),
  }
  const get = (mediaId: string, sha256?: string) =>
    fetchWhatsappMedia(endpoint(), { mediaId, maxBytes: 1024, sha256 }, fetch, options)

  it('downloads with the token and checks the bytes against the sha256, base64 or hex', async () => {
    expect(await get('m-direct', base64)).toEqual({ bytes, mimeType: 'application/pdf' })
    const hex = createHash('sha256').update(bytes).digest('hex')
    expect((await get('m-direct', hex)).bytes.equals(bytes)).toBe(true)
    // Without the webhook's, the description's sha256 holds.
    expect((await get('m-direct')).bytes.equals(bytes)).toBe(true)
    expect(api.requests.at(-1)!.headers.authorization).toBe('Bearer wa-token')
    const other = createHash('sha256').update('other').digest('base64')
    await expect(get('m-direct', other)).rejects.toBeInstanceOf(WhatsappMediaMismatch)
    await expect(get('m-gone')).rejects.toBeInstanceOf(WhatsappMediaGone)
  })

  it('follows a redirect to an https host the guard lets through, without the token', async () => {
    moves['m-moved'] = 'https://media.test:PORT/file.pdf'
    cdnHeaders.length = 0
    expect((await get('m-moved', base64)).bytes.equals(bytes)).toBe(true)
    expect(cdnHeaders).toHaveLength(1)
    expect(cdnHeaders[0]!.authorization).toBeUndefined()
  })

  it('refuses redirects off https, to refused addresses or past three hops', async () => {
    moves['m-plain'] = 'http://media.test:PORT/file.pdf'
    moves['m-inside'] = 'https://metadata.test:PORT/file.pdf'
    moves['m-literal'] = 'https://127.0.0.2:PORT/file.pdf'
    moves['m-loop'] = 'https://media.test:PORT/hop/1'
    cdnHeaders.length = 0
    for (const id of ['m-plain', 'm-inside', 'm-literal'])
      await expect(get(id, base64)).rejects.toThrow()
    // None of them reached a server.
    expect(cdnHeaders).toHaveLength(0)
    await expect(get('m-loop', base64)).rejects.toThrow(/redirected too often/)
    // The first redirect and two more hops were followed; the third hop was not.
    expect(cdnHeaders).toHaveLength(3)
  })

  it('refuses media larger than the limit', async () => {
    const big = fetchWhatsappMedia(endpoint(), { mediaId: 'm-direct', maxBytes: 4 }, fetch)
    await expect(big).rejects.toBeInstanceOf(WhatsappMediaTooLarge)
  })
})
