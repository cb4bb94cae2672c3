// The bond-details PDF anyone can download: the bond's terms, its price and yield at the settlement
// (as given, else at the coupon rate, or why there is none) and its cash flows for a quantity.
import type { DocumentQuoteRequest } from '@bonds/domain'
import { formatDate, formatRupees } from '@bonds/pricing'
import { bond, fileSafe, type DocumentsContext, type DownloadFile } from '../context.ts'
import { unitsText } from '../format.ts'
import { renderReport, type ReportBlock } from '../pdf.ts'
import { cashflowsFor, priceFor } from '../pdf-pricing.ts'
import { basisText, quoteFields, termsBlock } from '../report-blocks.ts'

/** The bond-details PDF: terms, price and yield at the settlement, cash flows for a quantity. */
export async function bondDetailsPdf(
  context: DocumentsContext,
  id: string,
  request: DocumentQuoteRequest,
): Promise<DownloadFile> {
  const row = await bond(context.db, id)
  const pricingResult = await priceFor(context, row, request)
  const blocks: ReportBlock[] = [
    { kind: 'heading', text: 'Terms' },
    termsBlock(row, context.today()),
  ]
  blocks.push({ kind: 'heading', text: 'Price and yield' })
  if (pricingResult.quote) {
    blocks.push({
      kind: 'paragraph',
      text: basisText(row, pricingResult.quote, pricingResult.basis),
      tone: 'muted',
    })
    blocks.push({
      kind: 'fields',
      rows: quoteFields(row, pricingResult.quote, pricingResult.quantity),
    })
  } else {
    blocks.push({
      kind: 'paragraph',
      text: `No price is shown: ${pricingResult.reason}`,
      tone: 'warning',
    })
  }
  const flows = await cashflowsFor(context, row, pricingResult, request)
  blocks.push({ kind: 'heading', text: `Cash flows for ${unitsText(pricingResult.quantity)}` })
  if (typeof flows === 'string') {
    blocks.push({
      kind: 'paragraph',
      text: `No cash flows are shown: ${flows}`,
      tone: 'warning',
    })
  } else if (flows.cashflows.length === 0) {
    blocks.push({ kind: 'paragraph', text: 'No cash flows remain after the settlement date.' })
  } else {
    blocks.push({
      kind: 'paragraph',
      text: `From settlement on ${formatDate(flows.settlement_date)}, in rupees.`,
      tone: 'muted',
    })
    blocks.push({
      kind: 'table',
      columns: [
        { label: 'Date', width: 1.2 },
        { label: 'Interest', width: 1.3, align: 'right' },
        { label: 'Principal', width: 1.3, align: 'right' },
        { label: 'Total', width: 1.3, align: 'right' },
      ],
      rows: flows.cashflows.map((f) => [
        formatDate(f.date),
        formatRupees(f.interest),
        formatRupees(f.principal),
        formatRupees(f.total),
      ]),
    })
  }
  const bytes = await renderReport(
    { title: `Bond details: ${row.displayName}`, subtitle: row.isin, generatedAt: context.now() },
    blocks,
  )
  return { bytes, fileName: `${fileSafe(row.isin)}-bond-details.pdf` }
}
