// What an uploaded information memorandum must be: a whole PDF (its header, a cross-reference
// pointer and the end-of-file marker) with no active content (JavaScript, launch actions, embedded
// files), looked for in the file and in every compressed stream, names decoded (`/J#61vaScript`).
// A 19-byte `%PDF-` stub and a PDF that runs code on opening are refused (issue 19).
import { inflateSync } from 'node:zlib'

/** How far from the end the `%%EOF` marker may sit (writers append a little after it). */
const EOF_WINDOW = 2048
/** Most bytes a compressed stream may inflate to while being checked (a zip bomb stops here). */
const MAX_INFLATED = 32 * 1024 * 1024

/** Why a PDF is refused, in the words the uploader reads. */
export const PDF_PROBLEMS = {
  notPdf: 'The file is not a PDF',
  incomplete: 'The file is not a complete PDF (its end or cross-reference is missing)',
  active: 'The PDF holds active content (JavaScript, a launch action or an embedded file)',
} as const

/** Names that make a PDF act on its own when opened or clicked. */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'RichMedia'])

/** A PDF name token: `/` and regular characters up to a delimiter or white space. */
const NAME = /\/([^\s/[\]<>(){}%]+)/g

/** Whether a text holds one of the active names (`#xx` escapes decoded). */
function hasActiveName(text: string): boolean {
  for (const [, raw] of text.matchAll(NAME)) {
    const name = (raw ?? '').replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    )
    if (ACTIVE_NAMES.has(name)) return true
  }
  return false
}

/** The inflated contents of the file's Flate streams (those that do not inflate are skipped). */
function* inflatedStreams(bytes: Buffer): Generator<string> {
  let budget = MAX_INFLATED
  let from = 0
  for (;;) {
    const start = bytes.indexOf('stream', from, 'latin1')
    if (start < 0) return
    let body = start + 'stream'.length
    if (bytes[body] === 0x0d) body += 1
    if (bytes[body] === 0x0a) body += 1
    const end = bytes.indexOf('endstream', body, 'latin1')
    if (end < 0) return
    from = end + 'endstream'.length
    // `endstream` matched the search for `stream`: not a stream's start.
    if (bytes.subarray(start - 3, start).toString('latin1') === 'end') continue
    try {
      const inflated = inflateSync(bytes.subarray(body, end), { maxOutputLength: budget })
      budget -= inflated.length
      yield inflated.toString('latin1')
    } catch {
      // Not Flate, or cut short: its raw bytes were checked with the rest of the file.
    }
    if (budget <= 0) return
  }
}

/** Why these bytes are not an acceptable memorandum, or null when they are. */
export function pdfProblem(bytes: Buffer): string | null {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return PDF_PROBLEMS.notPdf
  const tail = bytes.subarray(Math.max(0, bytes.length - EOF_WINDOW)).toString('latin1')
  if (!tail.includes('%%EOF') || !tail.includes('startxref')) return PDF_PROBLEMS.incomplete
  if (hasActiveName(bytes.toString('latin1'))) return PDF_PROBLEMS.active
  for (const text of inflatedStreams(bytes)) {
    if (hasActiveName(text)) return PDF_PROBLEMS.active
  }
  return null
}
