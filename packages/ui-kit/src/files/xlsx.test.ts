import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { columnName, xlsxWorkbook } from './xlsx.ts'

const parts = (bytes: Uint8Array) =>
  Object.fromEntries(
    Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]),
  )

describe('xlsxWorkbook', () => {
  it('is a workbook of one sheet with the five parts a spreadsheet needs', () => {
    const files = parts(xlsxWorkbook('Inventory', ['Book'], [['AFS']]))
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ])
    expect(files['xl/workbook.xml']).toContain('<sheet name="Inventory" sheetId="1" r:id="rId1"/>')
  })

  it('writes numbers as numbers, and the text of numeric columns when it reads as one', () => {
    const sheet = parts(
      xlsxWorkbook(
        'S',
        ['Face', 'Total (₹)', 'Note'],
        [[5, '12.34', '56']],
        new Set(['Total (₹)']),
      ),
    )['xl/worksheets/sheet1.xml']!
    expect(sheet).toContain('<c r="A2"><v>5</v></c>')
    expect(sheet).toContain('<c r="B2"><v>12.34</v></c>')
    expect(sheet).toContain('<c r="C2" t="inlineStr"><is><t xml:space="preserve">56</t></is></c>')
  })

  it('writes what people typed as text, never as markup', () => {
    const sheet = parts(
      xlsxWorkbook('Sheet', ['Name'], [['<b>Tata & Sons</b> "x"\u0000'], [null], ['=1+1']]),
    )['xl/worksheets/sheet1.xml']!
    expect(sheet).toContain('&lt;b&gt;Tata &amp; Sons&lt;/b&gt; &quot;x&quot;</t>')
    expect(sheet).toContain('<row r="3"></row>')
    // Inline text is never a formula in XLSX (no <f>), whatever it starts with.
    expect(sheet).toContain('<t xml:space="preserve">=1+1</t>')
    expect(sheet).not.toContain('<f>')
  })

  it('names columns as spreadsheets do', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ])
  })
})
