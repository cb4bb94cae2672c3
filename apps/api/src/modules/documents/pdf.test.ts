// The report writer: the product's name and generation time on every page, tables over pages, text
// in an embedded font that draws the rupee sign.
import { PDFDict, PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib'
import fontkit from '@cantoo/fontkit'
import { describe, expect, it } from 'vitest'
import { reportFonts } from './fonts.ts'
import { drawable, PRODUCT_NAME, renderReport } from './pdf.ts'
import { pdfText } from './testing.ts'

const generatedAt = new Date('2026-05-04T09:02:00Z')

describe('renderReport', () => {
  it('writes a PDF with the header, the blocks and a footer on each page', async () => {
    const bytes = await renderReport({ title: 'Bond details: 6.54% GS 2032', generatedAt }, [
      { kind: 'heading', text: 'Terms' },
      { kind: 'fields', rows: [['ISIN', 'IN0020210244']] },
      {
        kind: 'table',
        columns: [
          { label: 'Date', width: 1 },
          { label: 'Total', width: 1, align: 'right' },
        ],
        rows: Array.from({ length: 60 }, (_, i) => [`row ${i}`, '₹1,00,000.00']),
      },
    ])
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const { pages, lines } = await pdfText(bytes)
    expect(pages).toBe(2)
    expect(lines.filter((l) => l === PRODUCT_NAME)).toHaveLength(2)
    expect(lines.filter((l) => l === 'Generated 04-May-2026 14:32:00 IST')).toHaveLength(2)
    expect(lines).toContain('IN0020210244')
    expect(lines).toContain('row 59')
    expect(lines.filter((l) => l === '₹1,00,000.00')).toHaveLength(60)
    // the table's header is repeated on the page it continues on
    expect(lines.filter((l) => l === 'Date')).toHaveLength(2)
    expect(lines).toContain('Bonds Workspace · generated 04-May-2026 14:32:00 IST · page 2 of 2')
  })

  it('wraps long paragraphs instead of running off the page', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')
    const { lines } = await pdfText(
      await renderReport({ title: 'T', generatedAt }, [{ kind: 'paragraph', text: long }]),
    )
    const body = lines.filter((l) => l.startsWith('word'))
    expect(body.length).toBeGreaterThan(1)
    expect(body.join(' ')).toBe(long)
  })

  it('flows a wrapping table column over lines and pages, cutting a word wider than a line', async () => {
    const long = Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' ')
    const link = `https://example.test/${'x'.repeat(300)}`
    const { pages, lines } = await pdfText(
      await renderReport({ title: 'T', generatedAt }, [
        {
          kind: 'table',
          columns: [
            { label: 'When', width: 1 },
            { label: 'What', width: 3, wrap: true },
          ],
          rows: [
            ['first', long],
            ['second', link],
          ],
        },
      ]),
    )
    const words = lines.filter((l) => /^w\d/.test(l))
    expect(words.join(' ')).toBe(long)
    expect(pages).toBeGreaterThan(1)
    const pieces = lines.filter((l) => l.startsWith('https://') || /^x+$/.test(l))
    expect(pieces.length).toBeGreaterThan(1)
    expect(pieces.join('')).toBe(link)
  })

  it('embeds its font (a subset), never a standard font that cannot draw ₹', async () => {
    const bytes = await renderReport({ title: 'T', generatedAt }, [
      { kind: 'paragraph', text: 'Face value ₹1,00,000 per unit' },
    ])
    const doc = await PDFDocument.load(bytes)
    const baseFonts = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object) => object instanceof PDFDict)
      .filter((dict) => dict.get(PDFName.of('Type')) === PDFName.of('Font'))
      .map((dict) => dict.get(PDFName.of('BaseFont'))?.toString())
    expect(baseFonts.length).toBeGreaterThan(0)
    expect(baseFonts.every((name) => /DejaVuSansCondensed/.test(name ?? ''))).toBe(true)
    // a subset: far smaller than the two font files it draws from
    const { regular, bold } = await reportFonts()
    expect(bytes.length).toBeLessThan((regular.length + bold.length) / 10)
    const { lines } = await pdfText(bytes)
    expect(lines).toContain('Face value ₹1,00,000 per unit')
  })

  it('keeps what the font can draw and marks what it cannot', async () => {
    const doc = await PDFDocument.create()
    doc.registerFontkit(fontkit)
    const font = await doc.embedFont((await reportFonts()).regular, { subset: true })
    expect(drawable('₹ 100 – “AAA”\n17-Jan-2032', font)).toBe('₹ 100 – “AAA” 17-Jan-2032')
    expect(drawable('Bond 债券', font)).toBe('Bond ??')
    // the standard fonts could not draw the rupee sign at all
    const helvetica = await doc.embedFont(StandardFonts.Helvetica)
    expect(drawable('₹100', helvetica)).toBe('?100')
  })
})
