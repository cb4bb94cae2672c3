// Files to a WhatsApp-linked channel's number (decision 300): the Cloud API takes media in two
// steps, an upload (`POST /{phone-number-id}/media`, multipart: messaging_product, type, file →
// `{id}`) and a message naming the media by id (`type` image, video or document). Which of the
// chat's file types go as what, within Meta's limits; the rest are refused before anything is
// stored or sent, so the desk never believes the client got a file they did not. Inbound media
// is fetched in two steps too, its redirects guarded and its bytes checked (decisions 334, 362).
import { createHash, timingSafeEqual } from 'node:crypto'
import {
  checkedUrl,
  guardedGet,
  isBlockedAddress,
  systemResolve,
  type Resolve,
} from './link-preview.ts'

/** How a chat file travels to WhatsApp. */
export interface WhatsappMediaPlan {
  kind: 'image' | 'video' | 'document'
  /** The MIME type the upload declares (Meta's list; CSV goes as the plain text it is). */
  uploadType: string
}

const MiB = 1024 * 1024
/** Meta's limits: images 5 MB and videos 16 MB as such; documents 100 MB (above the chat's 25). */
const IMAGE_MAX = 5 * MiB
const VIDEO_MAX = 16 * MiB

const DOCUMENTS: Record<string, string> = {
  'application/pdf': 'application/pdf',
  'text/plain': 'text/plain',
  'text/csv': 'text/plain',
  'application/vnd.ms-excel': 'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/msword': 'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/**
 * How a file goes to WhatsApp, or null when WhatsApp takes no such file (GIF, WebP, WebM,
 * QuickTime). A JPEG or PNG over 5 MB goes as a document, as does an MP4 over 16 MB.
 */
export function whatsappMediaPlan(mimeType: string, size: number): WhatsappMediaPlan | null {
  if (mimeType === 'image/jpeg' || mimeType === 'image/png') {
    return size <= IMAGE_MAX
      ? { kind: 'image', uploadType: mimeType }
      : { kind: 'document', uploadType: mimeType }
  }
  if (mimeType === 'video/mp4') {
    return size <= VIDEO_MAX
      ? { kind: 'video', uploadType: mimeType }
      : { kind: 'document', uploadType: mimeType }
  }
  const document = DOCUMENTS[mimeType]
  return document ? { kind: 'document', uploadType: document } : null
}

/** A file to send. */
export interface WhatsappFile {
  bytes: Buffer
  mimeType: string
  fileName: string
  /** Shown under the media: the sender's chat name. */
  caption: string
}

/** Where and how the Cloud API is called. */
export interface WhatsappEndpoint {
  apiUrl: string
  phoneNumberId: string
  accessToken: string
}

async function answer(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!response.ok) throw new Error(`WhatsApp answered ${response.status}: ${text.slice(0, 200)}`)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new Error('WhatsApp answered something that is not JSON')
  }
}

/** Upload the bytes, then send the message naming the media; throws when either step fails. */
export async function sendWhatsappFile(
  endpoint: WhatsappEndpoint,
  to: string,
  file: WhatsappFile,
  fetchImpl: typeof fetch,
): Promise<void> {
  const plan = whatsappMediaPlan(file.mimeType, file.bytes.length)
  if (!plan) throw new Error(`WhatsApp takes no ${file.mimeType} file`)
  const base = `${endpoint.apiUrl}/${encodeURIComponent(endpoint.phoneNumberId)}`
  const authorization = `Bearer ${endpoint.accessToken}`
  const form = new FormData()
  form.append('messaging_product', 'whatsapp')
  form.append('type', plan.uploadType)
  form.append('file', new Blob([file.bytes], { type: plan.uploadType }), file.fileName)
  const uploaded = await answer(
    await fetchImpl(`${base}/media`, {
      method: 'POST',
      headers: { authorization },
      body: form,
      signal: AbortSignal.timeout(30_000),
    }),
  )
  const id = (uploaded as { id?: unknown }).id
  if (typeof id !== 'string' || !id) throw new Error('WhatsApp gave no media id')
  const caption = file.caption.slice(0, 1024)
  const media =
    plan.kind === 'document' ? { id, caption, filename: file.fileName } : { id, caption }
  await answer(
    await fetchImpl(`${base}/messages`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type: plan.kind,
        [plan.kind]: media,
      }),
      signal: AbortSignal.timeout(10_000),
    }),
  )
}

/** Media a WhatsApp user sent, as fetched from the Cloud API. */
export interface WhatsappMedia {
  bytes: Buffer
  /** The type Meta gives (parameters such as `; codecs=opus` dropped). */
  mimeType: string
}

/** The media is larger than the caller takes (known before or while downloading it). */
export class WhatsappMediaTooLarge extends Error {
  constructor() {
    super('WhatsApp media over the size limit')
  }
}

/** Meta no longer holds the media (a 4xx but 429 describing it): asking again will not help. */
export class WhatsappMediaGone extends Error {}

/** The bytes downloaded are not those Meta's SHA-256 names. */
export class WhatsappMediaMismatch extends Error {
  constructor() {
    super('WhatsApp media does not match its sha256')
  }
}

/** How a media download follows redirects (decision 362). */
export interface MediaRedirectOptions {
  /** Hops at most (3). */
  maxRedirects?: number
  /** Refuse this address (the link previews' rule by default). */
  blocked?: (address: string) => boolean
  /** Resolve a host name (the system's resolver by default). */
  resolve?: Resolve
  /** Certificates to trust beside the system's (tests). */
  ca?: string
}

/** Read a download's body, giving up past `maxBytes`. */
async function readLimited(
  declared: number,
  body: AsyncIterable<Uint8Array> | null,
  maxBytes: number,
): Promise<Buffer> {
  if (declared > maxBytes) throw new WhatsappMediaTooLarge()
  const chunks: Buffer[] = []
  let size = 0
  if (body) {
    for await (const chunk of body) {
      size += chunk.length
      if (size > maxBytes) throw new WhatsappMediaTooLarge()
      chunks.push(Buffer.from(chunk))
    }
  }
  return Buffer.concat(chunks)
}

/** Whether `bytes` hash to Meta's `sha256` (base64, as its webhooks send it, or hex). */
export function matchesSha256(bytes: Buffer, expected: string): boolean {
  const digest = createHash('sha256').update(bytes).digest()
  const given = /^[0-9a-f]{64}$/i.test(expected)
    ? Buffer.from(expected, 'hex')
    : Buffer.from(expected, 'base64')
  return given.length === digest.length && timingSafeEqual(given, digest)
}

/** The download, following redirects only to https hosts the SSRF guard lets through. */
async function download(
  url: string,
  authorization: string,
  maxBytes: number,
  fetchImpl: typeof fetch,
  options: MediaRedirectOptions,
): Promise<{ bytes: Buffer; type: string }> {
  const signal = AbortSignal.timeout(30_000)
  // Meta's own url (the configured API's answer) gets the token; a redirect's host never does.
  const first = await fetchImpl(url, { headers: { authorization }, redirect: 'manual', signal })
  let status = first.status
  let location = first.headers.get('location')
  let read = () =>
    readLimited(
      Number(first.headers.get('content-length') ?? NaN),
      first.body as AsyncIterable<Uint8Array> | null,
      maxBytes,
    )
  let type = first.headers.get('content-type') ?? ''
  let at = new URL(url)
  let release = () => void first.body?.cancel().catch(() => undefined)
  const blocked = options.blocked ?? isBlockedAddress
  for (let hop = 0; status >= 300 && status < 400 && location; hop += 1) {
    release()
    if (hop >= (options.maxRedirects ?? 3)) throw new Error('WhatsApp media redirected too often')
    at = new URL(location, at)
    if (at.protocol !== 'https:') throw new Error('WhatsApp media redirected off https')
    const next = await guardedGet(checkedUrl(at.toString(), blocked), {
      blocked,
      resolve: options.resolve ?? systemResolve,
      signal,
      headers: { accept: '*/*' },
      ca: options.ca,
    })
    status = next.statusCode ?? 0
    location = next.headers.location ?? null
    type = String(next.headers['content-type'] ?? '')
    release = () => void next.destroy()
    read = () =>
      readLimited(Number(next.headers['content-length'] ?? NaN), next, maxBytes).finally(() =>
        next.destroy(),
      )
  }
  if (status !== 200) {
    release()
    throw new Error(`WhatsApp answered ${status} for the media`)
  }
  return { bytes: await read(), type }
}

/**
 * Fetch inbound media in the Cloud API's two steps: `GET /{media-id}` (with the token) answers
 * `{url, mime_type, sha256, file_size}`; then `GET url` (with the token) gives the bytes,
 * following at most 3 redirects to https hosts that pass the link previews' SSRF checks (without
 * the token). Throws WhatsappMediaTooLarge past `maxBytes` (without downloading when Meta says the
 * size), WhatsappMediaGone when Meta does not know the media, WhatsappMediaMismatch when the
 * bytes are not those `sha256` (the webhook's, else the description's) names, an Error when a
 * step fails otherwise.
 */
export async function fetchWhatsappMedia(
  endpoint: WhatsappEndpoint,
  request: { mediaId: string; maxBytes: number; sha256?: string | undefined },
  fetchImpl: typeof fetch,
  options: MediaRedirectOptions = {},
): Promise<WhatsappMedia> {
  const authorization = `Bearer ${endpoint.accessToken}`
  const describing = await fetchImpl(`${endpoint.apiUrl}/${encodeURIComponent(request.mediaId)}`, {
    headers: { authorization },
    signal: AbortSignal.timeout(10_000),
  })
  if (describing.status >= 400 && describing.status < 500 && describing.status !== 429) {
    throw new WhatsappMediaGone(`WhatsApp answered ${describing.status} for the media id`)
  }
  const described = (await answer(describing)) as {
    url?: unknown
    mime_type?: unknown
    file_size?: unknown
    sha256?: unknown
  }
  const url = typeof described.url === 'string' ? described.url : ''
  if (!/^https?:\/\//.test(url)) throw new Error('WhatsApp gave no media url')
  if (typeof described.file_size === 'number' && described.file_size > request.maxBytes)
    throw new WhatsappMediaTooLarge()
  const got = await download(url, authorization, request.maxBytes, fetchImpl, options)
  const sha256 =
    request.sha256 ?? (typeof described.sha256 === 'string' ? described.sha256 : undefined)
  if (sha256 && !matchesSha256(got.bytes, sha256)) throw new WhatsappMediaMismatch()
  const type = typeof described.mime_type === 'string' ? described.mime_type : got.type
  return { bytes: got.bytes, mimeType: type.split(';')[0]!.trim().toLowerCase() }
}
