// A small report writer over pdf-lib (the maintained fork, @cantoo/pdf-lib): a header with the
// product's name, sections of fields, paragraphs and tables flowing over A4 pages, and a footer
// with the generation time and page. Text is set in an embedded font that draws ₹ (fonts.ts).
import fontkit from '@cantoo/fontkit'
import { PDFDocument, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib'
import { formatIstTime } from '@bonds/pricing'
import { reportFonts } from './fonts.ts'

/** The product's name as the PDFs print it. */
export const PRODUCT_NAME = 'Bonds Workspace'

/** One block of a report. */
export type ReportBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; tone?: 'normal' | 'muted' | 'warning' }
  | { kind: 'fields'; rows: readonly (readonly [label: string, value: string])[] }
  | {
      kind: 'table'
      /** A `wrap` column flows onto more lines instead of being cut short with `…`. */
      columns: readonly {
        label: string
        width: number
        align?: 'left' | 'right'
        wrap?: boolean
      }[]
      rows: readonly (readonly string[])[]
    }

/** What a report is about and when it was made. */
export interface ReportMeta {
  title: string
  subtitle?: string
  generatedAt: Date
}

const PAGE: [number, number] = [595.28, 841.89]
const MARGIN = 48
const BODY = 9.5
const LINE = 14
const TOP = PAGE[1] - MARGIN - 52
const BOTTOM = MARGIN + 28
const WIDTH = PAGE[0] - 2 * MARGIN
const INK = rgb(0.1, 0.12, 0.16)
const MUTED = rgb(0.42, 0.45, 0.5)
const WARNING = rgb(0.62, 0.28, 0.02)
const RULE = rgb(0.82, 0.84, 0.87)

/** The characters each embedded font has glyphs for. */
const characterSets = new WeakMap<PDFFont, Set<number>>()

/**
 * Text a font can draw: runs of white space as one space, and a character the font has no glyph
 * for as `?` (never a blank box).
 */
export function drawable(text: string, font: PDFFont): string {
  let known = characterSets.get(font)
  if (!known) {
    known = new Set(font.getCharacterSet())
    characterSets.set(font, known)
  }
  let out = ''
  for (const ch of text.replace(/\s+/g, ' ')) {
    out += ch === ' ' || known.has(ch.codePointAt(0) ?? 0) ? ch : '?'
  }
  return out
}

/** A word wider than a line, cut into pieces that fit (a long link is not lost off the page). */
function pieces(word: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = []
  let piece = ''
  for (const ch of word) {
    if (piece && font.widthOfTextAtSize(piece + ch, size) > width) {
      out.push(piece)
      piece = ''
    }
    piece += ch
  }
  if (piece) out.push(piece)
  return out
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  // Each word is measured once and a line's width summed, rather than the growing line measured
  // again for every word (bench/surveillance: a 2,000-message timeline).
  const space = font.widthOfTextAtSize(' ', size)
  const lines: string[] = []
  let line = ''
  let lineWidth = 0
  for (const word of drawable(text, font).split(' ')) {
    const wordWidth = font.widthOfTextAtSize(word, size)
    const parts = wordWidth <= width ? [word] : pieces(word, font, size, width)
    for (const part of parts) {
      const partWidth = parts.length === 1 ? wordWidth : font.widthOfTextAtSize(part, size)
      if (line && lineWidth + space + partWidth <= width) {
        line = `${line} ${part}`
        lineWidth += space + partWidth
      } else {
        if (line) lines.push(line)
        line = part
        lineWidth = partWidth
      }
    }
  }
  if (line) lines.push(line)
  return lines.length ? lines : ['']
}

function fit(text: string, font: PDFFont, size: number, width: number): string {
  let out = drawable(text, font)
  if (font.widthOfTextAtSize(out, size) <= width) return out
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1)
  return `${out}…`
}

/** Render a report to PDF bytes. */
export async function renderReport(
  meta: ReportMeta,
  blocks: readonly ReportBlock[],
): Promise<Uint8Array> {
  const fonts = await reportFonts()
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  doc.setTitle(meta.title)
  doc.setAuthor(PRODUCT_NAME)
  doc.setCreator(PRODUCT_NAME)
  doc.setProducer(PRODUCT_NAME)
  doc.setCreationDate(meta.generatedAt)
  doc.setModificationDate(meta.generatedAt)
  const regular = await doc.embedFont(fonts.regular, { subset: true })
  const bold = await doc.embedFont(fonts.bold, { subset: true })
  const pages: PDFPage[] = []
  let page!: PDFPage
  let y = TOP

  const text = (
    value: string,
    x: number,
    options: { font?: PDFFont; size?: number; color?: typeof INK } = {},
  ) =>
    page.drawText(drawable(value, options.font ?? regular), {
      x,
      y,
      font: options.font ?? regular,
      size: options.size ?? BODY,
      color: options.color ?? INK,
    })
  const rule = (at: number) =>
    page.drawLine({
      start: { x: MARGIN, y: at },
      end: { x: MARGIN + WIDTH, y: at },
      thickness: 0.6,
      color: RULE,
    })

  const newPage = () => {
    page = doc.addPage(PAGE)
    pages.push(page)
    y = PAGE[1] - MARGIN - 14
    text(PRODUCT_NAME, MARGIN, { font: bold, size: 15 })
    const stamp = `Generated ${formatIstTime(meta.generatedAt)}`
    page.drawText(stamp, {
      x: MARGIN + WIDTH - regular.widthOfTextAtSize(stamp, 8.5),
      y: y + 3,
      font: regular,
      size: 8.5,
      color: MUTED,
    })
    y -= 20
    text(fit(meta.title, bold, 12, WIDTH), MARGIN, { font: bold, size: 12 })
    if (meta.subtitle) {
      y -= 14
      text(fit(meta.subtitle, regular, BODY, WIDTH), MARGIN, { color: MUTED })
    }
    rule(y - 8)
    y -= 26
  }
  /** Make room for `height` points, starting a page when the current one is full. */
  const room = (height: number) => {
    if (y - height < BOTTOM) newPage()
  }

  newPage()
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
        room(LINE * 3)
        y -= 6
        text(block.text, MARGIN, { font: bold, size: 11 })
        y -= LINE + 2
        break
      case 'paragraph': {
        const color = block.tone === 'warning' ? WARNING : block.tone === 'muted' ? MUTED : INK
        for (const line of wrap(block.text, regular, BODY, WIDTH)) {
          room(LINE)
          text(line, MARGIN, { color })
          y -= LINE
        }
        y -= 4
        break
      }
      case 'fields': {
        const labelWidth = 150
        for (const [label, value] of block.rows) {
          const lines = wrap(value, regular, BODY, WIDTH - labelWidth)
          room(LINE * lines.length)
          text(label, MARGIN, { font: bold, color: MUTED })
          for (const line of lines) {
            text(line, MARGIN + labelWidth)
            y -= LINE
          }
        }
        y -= 4
        break
      }
      case 'table': {
        const total = block.columns.reduce((sum, c) => sum + c.width, 0)
        const widths = block.columns.map((c) => (c.width / total) * WIDTH)
        /** Each cell's lines: one (cut to fit), or as many as a wrapping column needs. */
        const linesOf = (values: readonly string[], font: PDFFont) =>
          values.map((value, i) =>
            block.columns[i]?.wrap
              ? wrap(value, font, BODY, (widths[i] ?? 0) - 6)
              : [fit(value, font, BODY, (widths[i] ?? 0) - 6)],
          )
        /** Line `n` of a row's cells. */
        const line = (lines: readonly string[][], n: number, font: PDFFont) => {
          let x = MARGIN
          lines.forEach((cell, i) => {
            const width = widths[i] ?? 0
            const shown = cell[n] ?? ''
            const offset =
              block.columns[i]?.align === 'right'
                ? width - 6 - font.widthOfTextAtSize(shown, BODY)
                : 0
            if (shown) text(shown, x + offset, { font })
            x += width
          })
          y -= LINE
        }
        const heightOf = (lines: readonly string[][]) => Math.max(1, ...lines.map((l) => l.length))
        const header = () => {
          const lines = linesOf(
            block.columns.map((c) => c.label),
            bold,
          )
          for (let n = 0; n < heightOf(lines); n += 1) line(lines, n, bold)
          rule(y + LINE - 4)
        }
        room(LINE * 3)
        header()
        for (const row of block.rows) {
          const lines = linesOf(row, regular)
          const height = heightOf(lines)
          // A row starts where it fits (up to 3 lines); a longer one goes on over the next page.
          if (y - Math.min(height, 3) * LINE < BOTTOM) {
            newPage()
            header()
          }
          for (let n = 0; n < height; n += 1) {
            if (y - LINE < BOTTOM) {
              newPage()
              header()
            }
            line(lines, n, regular)
          }
        }
        y -= 6
        break
      }
    }
  }

  pages.forEach((p, i) => {
    const footer = `${PRODUCT_NAME} · generated ${formatIstTime(meta.generatedAt)} · page ${i + 1} of ${pages.length}`
    p.drawText(footer, { x: MARGIN, y: MARGIN, font: regular, size: 7.5, color: MUTED })
    p.drawText(
      'For information only; not an offer or a recommendation. Prices are computed, not traded.',
      { x: MARGIN, y: MARGIN - 11, font: regular, size: 7.5, color: MUTED },
    )
  })
  return doc.save()
}
