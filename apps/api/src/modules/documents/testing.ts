// Test helper: the text a PDF shows, read back with pdf-lib's parser (content streams inflated,
// the hex strings of Tj operators decoded), so tests check what a reader would see.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFRawStream,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib'

function streamsOf(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents()
  const items: (PDFObject | undefined)[] =
    contents instanceof PDFArray ? contents.asArray() : [contents]
  return items
    .map((item) => (item ? page.doc.context.lookup(item) : undefined))
    .filter((item): item is PDFRawStream => item instanceof PDFRawStream)
}

/** The pages of a PDF, and the lines of text each shows, in drawing order. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; lines: string[] }> {
  const doc = await PDFDocument.load(bytes)
  const lines: string[] = []
  for (const page of doc.getPages()) {
    for (const stream of streamsOf(page)) {
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
      for (const match of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        lines.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'))
      }
    }
  }
  return { pages: doc.getPageCount(), lines }
}
