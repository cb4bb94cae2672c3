// Rules for support uploads: a type from the allow-list, a size limit, and a look at the first
// bytes so an image or PDF is what it claims (decision 228). Every refusal is a 400 in words.
import { SUPPORT_FILE_MAX_BYTES, SUPPORT_FILE_TYPES, SUPPORT_MESSAGES as SM } from '@bonds/domain'
import { HttpError } from '../../http/errors.ts'

const MAGIC: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/png': (b) => [137, 80, 78, 71, 13, 10, 26, 10].every((v, i) => b[i] === v),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  'application/pdf': (b) => ascii(b, 0, 5) === '%PDF-',
  // Plain text: UTF-8 without NUL bytes.
  'text/plain': (b) => !b.includes(0) && isUtf8(b),
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to))
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** A 400 naming the field `file`. */
export const fileError = (message: string) => new HttpError(400, message, { file: message })

/** The upload's MIME type without parameters (`text/plain; charset=utf-8` → `text/plain`). */
export function baseType(type: string): string {
  return type.split(';')[0]?.trim().toLowerCase() ?? ''
}

/** Check an upload: its extension when allowed, else a 400 saying why. */
export function checkUpload(type: string, bytes: Uint8Array): { extension: string } {
  const mime = baseType(type)
  const extension = (SUPPORT_FILE_TYPES as Record<string, string>)[mime]
  if (!extension) throw fileError(SM.fileType)
  if (bytes.length === 0) throw fileError(SM.fileEmpty)
  if (bytes.length > SUPPORT_FILE_MAX_BYTES) throw fileError(SM.fileTooLarge)
  if (!MAGIC[mime]?.(bytes)) throw fileError(SM.fileContent)
  return { extension }
}
