// Files to a WhatsApp-linked channel's number (decision 300): the Cloud API takes media in two
// steps, an upload (`POST /{phone-number-id}/media`, multipart: messaging_product, type, file →
// `{id}`) and a message naming the media by id (`type` image, video or document). Which of the
// chat's file types go as what, within Meta's limits; the rest are refused before anything is
// stored or sent, so the desk never believes the client got a file they did not.

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

/** Read a download's body, giving up past `maxBytes`. */
async function readLimited(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (declared > maxBytes) throw new WhatsappMediaTooLarge()
  const chunks: Buffer[] = []
  let size = 0
  if (response.body) {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      size += chunk.length
      if (size > maxBytes) throw new WhatsappMediaTooLarge()
      chunks.push(Buffer.from(chunk))
    }
  }
  return Buffer.concat(chunks)
}

/**
 * Fetch inbound media in the Cloud API's two steps: `GET /{media-id}` (with the token) answers
 * `{url, mime_type, file_size}`; then `GET url` (with the token) gives the bytes. Throws
 * WhatsappMediaTooLarge past `maxBytes` (without downloading when Meta says the size), an Error
 * when either step fails.
 */
export async function fetchWhatsappMedia(
  endpoint: WhatsappEndpoint,
  mediaId: string,
  maxBytes: number,
  fetchImpl: typeof fetch,
): Promise<WhatsappMedia> {
  const authorization = `Bearer ${endpoint.accessToken}`
  const described = (await answer(
    await fetchImpl(`${endpoint.apiUrl}/${encodeURIComponent(mediaId)}`, {
      headers: { authorization },
      signal: AbortSignal.timeout(10_000),
    }),
  )) as { url?: unknown; mime_type?: unknown; file_size?: unknown }
  const url = typeof described.url === 'string' ? described.url : ''
  if (!/^https?:\/\//.test(url)) throw new Error('WhatsApp gave no media url')
  if (typeof described.file_size === 'number' && described.file_size > maxBytes)
    throw new WhatsappMediaTooLarge()
  const download = await fetchImpl(url, {
    headers: { authorization },
    redirect: 'error',
    signal: AbortSignal.timeout(30_000),
  })
  if (!download.ok) throw new Error(`WhatsApp answered ${download.status} for the media`)
  const bytes = await readLimited(download, maxBytes)
  const type =
    typeof described.mime_type === 'string'
      ? described.mime_type
      : (download.headers.get('content-type') ?? '')
  return { bytes, mimeType: type.split(';')[0]!.trim().toLowerCase() }
}
