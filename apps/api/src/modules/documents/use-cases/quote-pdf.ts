// The quote PDF anyone can download: price, yield, accrued, dirty price, settlement, quantity and
// consideration; a bond that cannot be priced is a 422 with the reason.
import type { DocumentQuoteRequest } from '@bonds/domain'
import { HttpError } from '../../../http/errors.ts'
import { bond, fileSafe, type DocumentsContext, type DownloadFile } from '../context.ts'
import { renderReport } from '../pdf.ts'
import { priceFor } from '../pdf-pricing.ts'
import { basisText, quoteFields, termFields } from '../report-blocks.ts'

/** The quote PDF: price, yield, accrued, dirty price, settlement, quantity, consideration. */
export async function quotePdf(
  context: DocumentsContext,
  id: string,
  request: DocumentQuoteRequest,
): Promise<DownloadFile> {
  const row = await bond(context.db, id)
  const pricingResult = await priceFor(context, row, request)
  if (!pricingResult.quote) throw new HttpError(422, pricingResult.reason)
  const bytes = await renderReport(
    { title: `Quote: ${row.displayName}`, subtitle: row.isin, generatedAt: context.now() },
    [
      termFields(row, context.today(), ['Name', 'ISIN', 'Issuer', 'Coupon', 'Maturity']),
      { kind: 'heading', text: 'Quote' },
      {
        kind: 'paragraph',
        text: basisText(row, pricingResult.quote, pricingResult.basis),
        tone: 'muted',
      },
      {
        kind: 'fields',
        rows: quoteFields(row, pricingResult.quote, pricingResult.quantity),
      },
    ],
  )
  return { bytes, fileName: `${fileSafe(row.isin)}-quote.pdf` }
}
