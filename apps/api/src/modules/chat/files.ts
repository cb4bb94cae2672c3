// Rules for chat files: the type from the whitelist (spec section 5: images and videos shown by
// MIME type), the size limit, and a look at the first bytes so an image or PDF is what it claims.
import { CHAT_FILE_MAX_BYTES, CHAT_FILE_TYPES, CHAT_MESSAGES as CM } from '@bonds/domain'
import { HttpError } from '../../http/errors.ts'

const MAGIC: Partial<Record<string, (bytes: Buffer) => boolean>> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP',
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  'video/mp4': (b) => b.subarray(4, 8).toString('latin1') === 'ftyp',
  'video/quicktime': (b) =>
    ['ftyp', 'moov', 'mdat', 'wide', 'free'].includes(b.subarray(4, 8).toString('latin1')),
  'video/webm': (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
}

const fileError = (status: number, field: string, message: string) =>
  new HttpError(status, message, { [field]: message })

/** A whitelisted type and its extension; else a 400 naming mimeType. */
export function checkFile(mimeType: string, bytes: Buffer): { extension: string } {
  const extension = (CHAT_FILE_TYPES as Record<string, string>)[mimeType]
  if (!extension) throw fileError(400, 'mimeType', CM.fileType)
  if (bytes.length === 0) throw fileError(400, 'file', CM.fileEmpty)
  if (bytes.length > CHAT_FILE_MAX_BYTES) throw fileError(413, 'file', CM.fileTooLarge)
  const looksRight = MAGIC[mimeType]
  if (looksRight && !looksRight(bytes)) throw fileError(400, 'file', CM.fileContent)
  return { extension }
}

/** A file name safe in a header: no quotes, slashes or control characters, at most 200 long. */
export function safeFileName(name: string, extension: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"\\/]/g, '_')
    .trim()
    .slice(0, 200)
  return cleaned || `file.${extension}`
}

/** A Content-Disposition value with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
