// AWS Signature Version 4 (header form), written out so the S3-compatible file store needs no SDK
// (decision 277). Checked against AWS's published examples in sigv4.test.ts.
import { createHash, createHmac } from 'node:crypto'

/** What a signature needs besides the request. */
export interface SigV4Credentials {
  accessKeyId: string
  secretAccessKey: string
  region: string
  service: string
}

/** A request to sign: headers in any case; the body's SHA-256 (hex) or UNSIGNED-PAYLOAD. */
export interface SigV4Request {
  method: string
  url: URL
  headers: Record<string, string>
  payloadHash: string
}

/** SHA-256 of bytes, hex. */
export const sha256Hex = (data: string | Uint8Array) =>
  createHash('sha256').update(data).digest('hex')

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it (slashes kept in paths). */
export function uriEncode(value: string, keepSlash: boolean): string {
  return Array.from(new TextEncoder().encode(value), (byte) => {
    const c = String.fromCharCode(byte)
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c
    return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }).join('')
}

/** `20130524T000000Z` of a date. */
export const amzDate = (at: Date) => at.toISOString().replace(/[-:]|\.\d{3}/g, '')

/**
 * The Authorization header value for a request whose headers already hold `host` and
 * `x-amz-date` (and, for S3, `x-amz-content-sha256`). S3 paths are encoded once, as sent.
 */
export function authorization(request: SigV4Request, credentials: SigV4Credentials): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const signedHeaders = headers.map(([name]) => name).join(';')
  const query = [...request.url.searchParams]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const path = uriEncode(decodeURIComponent(request.url.pathname), true)
  const canonical = [
    request.method.toUpperCase(),
    path,
    query,
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n')
  const date = headers.find(([name]) => name === 'x-amz-date')?.[1]
  if (!date) throw new Error('x-amz-date is needed')
  const day = date.slice(0, 8)
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n')
  const key = hmac(
    hmac(
      hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region),
      credentials.service,
    ),
    'aws4_request',
  )
  const signature = createHmac('sha256', key).update(toSign).digest('hex')
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
}
