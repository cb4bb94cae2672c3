import { deflateSync } from 'node:zlib'
import { PDFDocument } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { PDF_PROBLEMS, pdfProblem } from './pdf-check.ts'

/** A minimal PDF around `body` (its header, a cross-reference pointer and the end marker). */
const wrap = (body: string | Buffer) =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
    Buffer.from('\nstartxref\n9\n%%EOF\n'),
  ])

describe('pdfProblem', () => {
  it('takes a whole PDF a library wrote', async () => {
    const doc = await PDFDocument.create()
    doc.addPage().drawText('Information memorandum')
    expect(pdfProblem(Buffer.from(await doc.save()))).toBeNull()
    expect(pdfProblem(wrap('1 0 obj << /Type /Catalog >> endobj'))).toBeNull()
  })

  it('refuses what is not a PDF, and a stub or a cut-off file', () => {
    expect(pdfProblem(Buffer.from('hello'))).toBe(PDF_PROBLEMS.notPdf)
    expect(pdfProblem(Buffer.from('%PDF-1.7\n%stub file'))).toBe(PDF_PROBLEMS.incomplete)
    expect(pdfProblem(Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\nstartxref\n9\n'))).toBe(
      PDF_PROBLEMS.incomplete,
    )
  })

  it('refuses JavaScript, launch actions and embedded files, however the name is written', () => {
    expect(pdfProblem(wrap('1 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj'))).toBe(
      PDF_PROBLEMS.active,
    )
    expect(pdfProblem(wrap('1 0 obj << /S /J#61vaScript >> endobj'))).toBe(PDF_PROBLEMS.active)
    expect(pdfProblem(wrap('1 0 obj << /S /Launch /F (calc.exe) >> endobj'))).toBe(
      PDF_PROBLEMS.active,
    )
    expect(pdfProblem(wrap('1 0 obj << /Type /EmbeddedFile >> endobj'))).toBe(PDF_PROBLEMS.active)
    // A name that only starts like one is not it.
    expect(pdfProblem(wrap('1 0 obj << /JSON (x) /Launcher 1 >> endobj'))).toBeNull()
  })

  it('looks inside compressed streams (a script in an object stream)', async () => {
    const hidden = deflateSync(Buffer.from('<< /S /JavaScript /JS (app.alert(1)) >>'))
    const body = Buffer.concat([
      Buffer.from('1 0 obj << /Type /ObjStm /Filter /FlateDecode >>\nstream\n'),
      hidden,
      Buffer.from('\nendstream\nendobj'),
    ])
    expect(pdfProblem(wrap(body))).toBe(PDF_PROBLEMS.active)
    const doc = await PDFDocument.create()
    doc.addPage()
    doc.addJavaScript('hello', 'app.alert("hello")')
    expect(pdfProblem(Buffer.from(await doc.save()))).toBe(PDF_PROBLEMS.active)
  })
})
