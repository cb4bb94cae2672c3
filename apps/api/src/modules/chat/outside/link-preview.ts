// Link previews fetched on the server (decision 276), guarded against server-side request forgery:
// only http and https, no credentials in the link, every host resolved and every address checked
// (private, loopback, link-local, carrier-grade NAT, metadata, multicast and reserved ranges are
// refused, IPv4-mapped IPv6 included), the connection pinned to the address checked (no second
// lookup to rebind), the same checks on each redirect (at most 3), 3 s in all, 256 KiB read at
// most, HTML only. A preview that cannot be made is null; the message goes out without it.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import type { ChatLinkPreview } from '../../../db/chat-schema.ts'

const BLOCKED = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6')
}

/** An address a preview may not reach (private, loopback, link-local, metadata, reserved…). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return BLOCKED.check(address, 'ipv4')
  if (family !== 6) return true
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return isBlockedAddress(mapped[1]!)
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address)
  if (hexMapped) {
    const hi = parseInt(hexMapped[1]!, 16)
    const lo = parseInt(hexMapped[2]!, 16)
    return isBlockedAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`)
  }
  return BLOCKED.check(address, 'ipv6')
}

/** Limits and the address rule (tests trust their own local server). */
export interface PreviewOptions {
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  /** Refuse this address (default: isBlockedAddress). */
  blocked?: (address: string) => boolean
  /** Resolve a host name to every address (default: the system's resolver). */
  resolve?: Resolve
}

type LookupCallback = (
  error: Error | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/** Resolves a host name to all its addresses. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>

export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  )

/** Fetches a link's preview, or null. */
export type LinkPreviewer = (url: string) => Promise<ChatLinkPreview | null>

class Refused extends Error {}

const LINK = /\bhttps?:\/\/[^\s<>"']+/i

/** The first http(s) link in a text, or null. */
export function firstLink(text: string): string | null {
  const match = LINK.exec(text)
  return match ? match[0].replace(/[.,;:!?)\]]+$/, '') : null
}

/** A previewer with these limits. */
export function linkPreviewer(options: PreviewOptions = {}): LinkPreviewer {
  const timeoutMs = options.timeoutMs ?? 3_000
  const maxBytes = options.maxBytes ?? 256 * 1024
  const maxRedirects = options.maxRedirects ?? 3
  const blocked = options.blocked ?? isBlockedAddress
  const resolveHost = options.resolve ?? systemResolve
  return async (link) => {
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      let url = checkedUrl(link, blocked)
      for (let hop = 0; ; hop += 1) {
        const response = await guardedGet(url, {
          blocked,
          resolve: resolveHost,
          signal,
          headers: { 'user-agent': 'BondsLinkPreview/1.0', accept: 'text/html' },
        })
        const status = response.statusCode ?? 0
        if (status >= 300 && status < 400 && response.headers.location) {
          response.destroy()
          if (hop >= maxRedirects) return null
          url = checkedUrl(new URL(response.headers.location, url).toString(), blocked)
          continue
        }
        const type = String(response.headers['content-type'] ?? '')
        if (status !== 200 || !/^text\/html|^application\/xhtml\+xml/i.test(type)) {
          response.destroy()
          return null
        }
        const html = await readCapped(response, maxBytes, signal)
        return previewOf(html, url)
      }
    } catch {
      return null
    }
  }
}

/** A link the guard lets through: http(s), no credentials, no refused IP literal. */
export function checkedUrl(link: string, blocked: (address: string) => boolean): URL {
  const url = new URL(link)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused('scheme')
  if (url.username || url.password) throw new Refused('credentials')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && blocked(host)) throw new Refused('address')
  return url
}

/** How guardedGet connects. */
export interface GuardedGetOptions {
  blocked: (address: string) => boolean
  resolve: Resolve
  signal: AbortSignal
  headers: Record<string, string>
  /** Certificates to trust beside the system's (tests' local HTTPS servers). */
  ca?: string | undefined
}

/**
 * GET (no redirect followed) through a lookup that refuses a blocked address and pins the one it
 * checked: the SSRF guard of link previews, also WhatsApp media's redirects (decision 362).
 */
export function guardedGet(url: URL, options: GuardedGetOptions) {
  const { blocked, resolve: resolveHost, signal, headers, ca } = options
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        signal,
        headers,
        ...(ca ? { ca } : {}),
        lookup: ((hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
          resolveHost(hostname).then(
            (addresses) => {
              const bad = addresses.length === 0 || addresses.some((a) => blocked(a.address))
              if (bad) return callback(new Refused('address'), '', 4)
              // Only the addresses checked here are connected to (no second lookup to rebind).
              if (options.all) return callback(null, addresses)
              callback(null, addresses[0]!.address, addresses[0]!.family)
            },
            (error: Error) => callback(error, '', 4),
          )
        }) as unknown as LookupFunction,
      },
      resolve,
    )
    request.on('error', reject)
    request.end()
  })
}

async function readCapped(response: IncomingMessage, maxBytes: number, signal: AbortSignal) {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    if (signal.aborted) throw new Refused('time')
    chunks.push(chunk)
    size += chunk.length
    if (size >= maxBytes) break
  }
  response.destroy()
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8')
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const decode = (text: string) =>
  text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === '#') {
        const n =
          code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1))
        return n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole
      }
      return ENTITIES[code.toLowerCase()] ?? whole
    })
    .replace(/\s+/g, ' ')
    .trim()

function meta(html: string, name: string): string | undefined {
  const tags = html.match(/<meta\b[^>]*>/gi) ?? []
  for (const tag of tags) {
    const key = /\b(?:property|name)\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1]
    if (key?.toLowerCase() !== name) continue
    const content = /\bcontent\s*=\s*"([^"]*)"|\bcontent\s*=\s*'([^']*)'/i.exec(tag)
    const value = content?.[1] ?? content?.[2]
    if (value) return decode(value)
  }
  return undefined
}

/** The preview of a page: its og:title (else <title>), og:description (else description). */
export function previewOf(html: string, url: URL): ChatLinkPreview | null {
  const title =
    meta(html, 'og:title') ?? decode(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '')
  const description = meta(html, 'og:description') ?? meta(html, 'description')
  if (!title && !description) return null
  return {
    url: url.toString(),
    ...(title ? { title: title.slice(0, 300) } : {}),
    ...(description ? { description: description.slice(0, 500) } : {}),
  }
}
