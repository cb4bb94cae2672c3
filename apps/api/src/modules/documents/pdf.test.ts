// The report writer: the product's name and generation time on every page, tables over pages.
import { describe, expect, it } from 'vitest'
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
        rows: Array.from({ length: 60 }, (_, i) => [`row ${i}`, 'Rs. 1,00,000.00']),
      },
    ])
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const { pages, lines } = await pdfText(bytes)
    expect(pages).toBe(2)
    expect(lines.filter((l) => l === PRODUCT_NAME)).toHaveLength(2)
    expect(lines.filter((l) => l === 'Generated 04 May 2026, 14:32 IST')).toHaveLength(2)
    expect(lines).toContain('IN0020210244')
    expect(lines).toContain('row 59')
    // the table's header is repeated on the page it continues on
    expect(lines.filter((l) => l === 'Date')).toHaveLength(2)
    expect(lines).toContain('Bonds Workspace - generated 04 May 2026, 14:32 IST - page 2 of 2')
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

  it('maps text the built-in fonts cannot draw', () => {
    expect(drawable('₹ 100 – “AAA”')).toBe('Rs. 100 - "AAA"')
    expect(drawable('Bond 债券')).toBe('Bond ??')
  })
})
