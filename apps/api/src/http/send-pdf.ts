// Answer with a PDF the server made or stored, as a download under its name, never cached.
import type { FastifyReply } from 'fastify'

/** A PDF to send: its bytes and the name the browser saves it under. */
export interface PdfFile {
  bytes: Uint8Array
  fileName: string
}

/** Send `file` as an `application/pdf` attachment. */
export function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes))
}
