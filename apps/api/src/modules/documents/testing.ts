// Test helper: the text a PDF shows, read back with pdf-lib's parser the way a PDF reader extracts
// it: content streams inflated, each `Tj` string's glyph codes turned into characters through its
// font's ToUnicode map (the embedded font writes glyph ids, not characters).
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFObject,
  type PDFPage,
} from '@cantoo/pdf-lib'

function streamsOf(page: PDFPage, item: PDFObject | undefined): PDFRawStream[] {
  const items: (PDFObject | undefined)[] = item instanceof PDFArray ? item.asArray() : [item]
  return items
    .map((one) => (one ? page.doc.context.lookup(one) : undefined))
    .filter((one): one is PDFRawStream => one instanceof PDFRawStream)
}

const text = (stream: PDFRawStream) =>
  Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')

/** UTF-16BE hex (a ToUnicode destination) as a string. */
const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le')

/** A ToUnicode CMap: glyph code (hex, upper case) → characters. */
function toUnicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code = '', dst = ''] of (block[1] ?? '').matchAll(/<(\w+)>\s*<(\w+)>/g)) {
      map.set(code.toUpperCase(), utf16(dst))
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo = '', hi = '', dst = ''] of (block[1] ?? '').matchAll(
      /<(\w+)>\s*<(\w+)>\s*<(\w+)>/g,
    )) {
      const start = parseInt(dst, 16)
      for (let code = parseInt(lo, 16); code <= parseInt(hi, 16); code += 1) {
        const key = code.toString(16).toUpperCase().padStart(lo.length, '0')
        map.set(
          key,
          utf16((start + code - parseInt(lo, 16)).toString(16).padStart(dst.length, '0')),
        )
      }
    }
  }
  return map
}

/** Each font of a page by its resource name: how its string bytes become characters. */
function fontDecoders(page: PDFPage): Map<string, (hex: string) => string> {
  const decoders = new Map<string, (hex: string) => string>()
  const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict)
  for (const [name, ref] of fonts?.entries() ?? []) {
    const font = page.doc.context.lookup(ref, PDFDict)
    const [cmap] = streamsOf(page, font.get(PDFName.of('ToUnicode')))
    const key = name.asString().slice(1)
    if (!cmap) {
      decoders.set(key, (hex) => Buffer.from(hex, 'hex').toString('latin1'))
      continue
    }
    const map = toUnicodeMap(text(cmap))
    const width = [...map.keys()][0]?.length ?? 4
    decoders.set(key, (hex) => {
      let out = ''
      for (let i = 0; i < hex.length; i += width) {
        out += map.get(hex.slice(i, i + width).toUpperCase()) ?? '\uFFFD'
      }
      return out
    })
  }
  return decoders
}

/** The pages of a PDF, and the lines of text each shows, in drawing order. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; lines: string[] }> {
  const doc = await PDFDocument.load(bytes)
  const lines: string[] = []
  for (const page of doc.getPages()) {
    const decoders = fontDecoders(page)
    let decode = (hex: string) => Buffer.from(hex, 'hex').toString('latin1')
    for (const stream of streamsOf(page, page.node.Contents())) {
      for (const match of text(stream).matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (match[1] !== undefined) decode = decoders.get(match[1]) ?? decode
        else lines.push(decode(match[2] ?? ''))
      }
    }
  }
  return { pages: doc.getPageCount(), lines }
}
