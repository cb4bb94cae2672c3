import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { makeTicket } from '../testing/factory.ts'
import { CSV_COLUMNS } from './csv.ts'
import { columnName } from '@bonds/ui-kit/xlsx'
import { ticketsXlsx } from './xlsx.ts'

const parts = (bytes: Uint8Array) =>
  Object.fromEntries(
    Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]),
  )

describe('the XLSX export', () => {
  it('is a workbook of one sheet with the five parts a spreadsheet needs', () => {
    const files = parts(ticketsXlsx([makeTicket()]))
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ])
    expect(files['xl/workbook.xml']).toContain(
      '<sheet name="Transactions" sheetId="1" r:id="rId1"/>',
    )
  })

  it('holds the CSV’s header and rows, amounts and numbers as numbers', () => {
    const ticket = makeTicket({ id: 7, quantum: 150_000_000 })
    const sheet = parts(ticketsXlsx([ticket]))['xl/worksheets/sheet1.xml']!
    expect(sheet).toContain('<c r="A1" t="inlineStr"><is><t xml:space="preserve">Id</t></is></c>')
    const last = columnName(CSV_COLUMNS.length - 1)
    expect(sheet).toContain(`<c r="${last}1" t="inlineStr">`)
    expect(sheet).toContain('<c r="A2"><v>7</v></c>')
    expect(sheet).toContain('<c r="H2"><v>150000000</v></c>')
    const total = columnName(CSV_COLUMNS.indexOf('Total (₹)'))
    expect(sheet).toContain(`<c r="${total}2"><v>${Number(ticket.consideration.total)}</v></c>`)
  })
})
