// An uploaded table (the inventory's holdings, the market's quotes): the multipart body's `file`
// field, read as a CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF) or the first worksheet
// of an XLSX, as rows of text. Bounded: the body and the file's size are capped before this runs,
// the XLSX's parts are inflated only up to a limit (a zip bomb is refused), and rows stop at the
// cap. Each upload brings its limits and its messages; a fault is a 400 (413 for a body over the
// limit) on `file`.
import type { FastifyError, FastifyInstance } from 'fastify'
import { unzipSync } from 'fflate'
import { HttpError } from '../http/errors.ts'

/** The most bytes an XLSX part may inflate to. */
const MAX_PART_BYTES = 64 * 1024 * 1024

/** An upload's limits and the messages of its file-level faults. */
export interface UploadLimits {
  /** Data rows a file may hold (the header not counted). */
  maxRows: number
  /** Bytes the file may hold. */
  maxBytes: number
  messages: {
    tooManyRows: string
    notCsvOrXlsx: string
    fileTooLarge: string
    fileMissing: string
    notMultipart: string
  }
}

/** An uploaded file: its name and bytes. */
export interface UploadedFile {
  name: string
  bytes: Uint8Array
}

const fileError = (message: string) => new HttpError(400, message, { file: message })

/** Rows of a CSV's text (at most the row cap plus the header; more is a 400). */
export function readCsv(
  text: string,
  limits: Pick<UploadLimits, 'maxRows' | 'messages'>,
): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const endRow = () => {
    row.push(cell)
    cell = ''
    if (row.length > 1 || row[0] !== '') rows.push(row)
    row = []
    if (rows.length > limits.maxRows + 1) throw fileError(limits.messages.tooManyRows)
  }
  for (; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"'
          i++
        } else quoted = false
      } else cell += c
    } else if (c === '"' && cell === '') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\n') endRow()
    else if (c === '\r') {
      if (text[i + 1] !== '\n') endRow()
    } else cell += c
  }
  if (cell !== '' || row.length > 0) endRow()
  return rows
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** XML text with its entities read. */
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return ENTITIES[name.toLowerCase()] ?? ''
  })
}

/** The text of an `<si>` or `<is>` element: its `<t>` runs joined. */
function runText(xml: string): string {
  let text = ''
  for (const match of xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) text += match[1] ?? ''
  return unescapeXml(text)
}

/** Column index of a cell reference ("C12" → 2). */
function columnOf(ref: string): number {
  let n = 0
  for (const ch of ref) {
    const code = ch.charCodeAt(0)
    if (code < 65 || code > 90) break
    n = n * 26 + (code - 64)
  }
  return n - 1
}

/** An Excel serial date (1900 system) as YYYY-MM-DD. */
export function excelDate(serial: number): string {
  const ms = Date.UTC(1899, 11, 30) + Math.round(serial) * 86_400_000
  return new Date(ms).toISOString().slice(0, 10)
}

/** The worksheet's cell styles that show dates (built-in date formats 14–22 and custom ones with d/m/y). */
function dateStyles(stylesXml: string | undefined): Set<number> {
  const dates = new Set<number>()
  if (!stylesXml) return dates
  const custom = new Map<number, string>()
  for (const m of stylesXml.matchAll(/<numFmt\s[^>]*numFmtId="(\d+)"[^>]*formatCode="([^"]*)"/g)) {
    custom.set(Number(m[1]), m[2] ?? '')
  }
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? ''
  let index = 0
  for (const m of xfs.matchAll(/<xf\s[^>]*?(?:\/>|>)/g)) {
    const id = Number(/numFmtId="(\d+)"/.exec(m[0])?.[1] ?? 0)
    const code = custom.get(id)
    if (
      (id >= 14 && id <= 22) ||
      (code !== undefined && /[dy]/i.test(code.replace(/"[^"]*"/g, '')))
    ) {
      dates.add(index)
    }
    index++
  }
  return dates
}

/** Rows of the first worksheet of an XLSX file, as text (dates as YYYY-MM-DD). */
export function readXlsx(
  bytes: Uint8Array,
  limits: Pick<UploadLimits, 'maxRows' | 'messages'>,
): string[][] {
  const IM = limits.messages
  let parts: Record<string, Uint8Array>
  try {
    parts = unzipSync(bytes, {
      filter: (file) => {
        if (file.originalSize > MAX_PART_BYTES) throw fileError(IM.fileTooLarge)
        return (
          file.name === 'xl/sharedStrings.xml' ||
          file.name === 'xl/styles.xml' ||
          file.name === 'xl/workbook.xml' ||
          file.name === 'xl/_rels/workbook.xml.rels' ||
          /^xl\/worksheets\/sheet\d+\.xml$/.test(file.name)
        )
      },
    })
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw fileError(IM.notCsvOrXlsx)
  }
  const text = (name: string) => (parts[name] ? new TextDecoder().decode(parts[name]) : undefined)
  const sheetPath = firstSheetPath(text('xl/workbook.xml'), text('xl/_rels/workbook.xml.rels'))
  const sheet = (sheetPath && text(sheetPath)) ?? text('xl/worksheets/sheet1.xml')
  if (sheet === undefined) throw fileError(IM.notCsvOrXlsx)
  const shared = [...(text('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map(
    (m) => runText(m[1] ?? ''),
  )
  const dates = dateStyles(text('xl/styles.xml'))
  const rows: string[][] = []
  for (const rowMatch of sheet.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const row: string[] = []
    for (const c of (rowMatch[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1] ?? ''
      const body = c[2] ?? ''
      const ref = /\br="([A-Z]+)\d+"/.exec(attrs)?.[1]
      const type = /\bt="(\w+)"/.exec(attrs)?.[1]
      const style = Number(/\bs="(\d+)"/.exec(attrs)?.[1] ?? -1)
      const raw = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1]
      let value = ''
      if (type === 's') value = shared[Number(raw)] ?? ''
      else if (type === 'inlineStr') value = runText(body)
      else if (raw !== undefined) {
        const v = unescapeXml(raw)
        value =
          type !== 'str' && dates.has(style) && Number.isFinite(Number(v))
            ? excelDate(Number(v))
            : v
      }
      const at = ref ? columnOf(ref) : row.length
      if (at > 64) continue
      while (row.length < at) row.push('')
      row[at] = value
    }
    if (row.some((cell) => cell.trim() !== '')) rows.push(row)
    if (rows.length > limits.maxRows + 1) throw fileError(limits.messages.tooManyRows)
  }
  return rows
}

/** The first sheet's part, from the workbook and its relationships. */
function firstSheetPath(workbook?: string, rels?: string): string | undefined {
  const id = workbook && /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1]
  if (!id || !rels) return undefined
  let target: string | undefined
  for (const m of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    if (/\bId="([^"]+)"/.exec(m[0])?.[1] === id) target = /\bTarget="([^"]+)"/.exec(m[0])?.[1]
  }
  if (!target) return undefined
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`
  return /^xl\/worksheets\/sheet\d+\.xml$/.test(path) ? path : undefined
}

/** The rows of an uploaded file: XLSX by its zip signature, else UTF-8 CSV text. */
export function readTable(
  { bytes, name: fileName }: UploadedFile,
  limits: Pick<UploadLimits, 'maxRows' | 'messages'>,
): string[][] {
  const IM = limits.messages
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b
  if (zip) return readXlsx(bytes, limits)
  if (/\.xlsx?$/i.test(fileName)) throw fileError(IM.notCsvOrXlsx)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw fileError(IM.notCsvOrXlsx)
  }
  if (text.includes('\u0000')) throw fileError(IM.notCsvOrXlsx)
  return readCsv(text, limits)
}

/** The `file` field of a multipart body, or a 400 saying what is wrong. */
export async function fileOf(
  contentType: string,
  body: unknown,
  { maxBytes, messages }: Pick<UploadLimits, 'maxBytes' | 'messages'>,
): Promise<UploadedFile> {
  if (!Buffer.isBuffer(body) || !contentType.startsWith('multipart/form-data')) {
    throw fileError(messages.notMultipart)
  }
  let form: FormData
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData()
  } catch {
    throw fileError(messages.notMultipart)
  }
  const file = form.get('file')
  if (file === null || typeof file === 'string') throw fileError(messages.fileMissing)
  if (file.size > maxBytes) throw fileError(messages.fileTooLarge)
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
}

/** The largest multipart body of an upload: the largest file and its headers. */
export const uploadBodyLimit = (maxBytes: number) => maxBytes + 64 * 1024

/**
 * Read multipart bodies whole in this (encapsulated) plugin, and answer a body over the limit
 * with 413 and a body of another type with 400, both on `file`.
 */
export function acceptUploads(
  app: FastifyInstance,
  { maxBytes, messages }: Pick<UploadLimits, 'maxBytes' | 'messages'>,
): void {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: uploadBodyLimit(maxBytes) },
    (_request, body, done) => done(null, body),
  )
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new HttpError(413, messages.fileTooLarge, { file: messages.fileTooLarge })
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && error.statusCode === 415) {
      throw fileError(messages.notMultipart)
    }
    throw error
  })
}
