// Documents of one bond: the bond-details and quote PDFs (priced on the server through the pricing
// service), the information memorandum in the file store, trades and credit rationale records.
import { createHash, randomUUID } from 'node:crypto'
import { join } from 'node:path'
import {
  couponFrequencyLabel,
  NO_INFORMATION_MEMORANDUM,
  securityTypeLabel,
  type CashflowResponse,
  type CreditRationaleList,
  type DocumentQuoteRequest,
  type ImUploadResponse,
  type QuoteResponse,
  type TradePage,
  type TradesRequest,
} from '@bonds/domain'
import { PricingError, roundTo, settlementOnCalendar, todayInIndia } from '@bonds/pricing'
import type { Db } from '../../db/index.ts'
import { localFileStore, type FileStore } from '../../files/store.ts'
import { HttpError } from '../../http/errors.ts'
import { findFinstrument, type FinstrumentRow } from '../finstruments/repo.ts'
import { DEFAULT_SETTLEMENT_DELTA, pricingService, termsOf } from '../pricing/service.ts'
import { dateText, percent, price, rupees, unitsText } from './format.ts'
import { renderReport, type ReportBlock } from './pdf.ts'
import {
  findByIsin,
  findMemorandum,
  listCreditRationales,
  listTrades,
  saveMemorandum,
} from './repo.ts'

/** Largest information memorandum accepted (bytes). */
export const IM_MAX_BYTES = 10 * 1024 * 1024

/** The first bytes of every PDF file. */
const PDF_MAGIC = '%PDF-'

/** A generated or stored file to send. */
export interface DownloadFile {
  bytes: Uint8Array
  fileName: string
}

/** Where a PDF's price came from. */
type Basis = 'yield' | 'price' | 'coupon'

/** A priced quote for a PDF, or why there is none. */
type Pricing =
  | { quote: QuoteResponse; basis: Basis; quantity: number }
  | { quote: null; reason: string; quantity: number }

/** Where to report a stored file that is missing or damaged. */
export interface DocumentLog {
  error(details: object, message: string): void
}

/** What tests (or another deployment) may replace. */
export interface DocumentServiceOverrides {
  /** The file store (default: local disk under DATA_DIR/files). */
  files?: FileStore
  /** The clock of the PDFs' generation time. */
  now?: () => Date
  /** Today in India, for T+n settlement. */
  today?: () => string
}

/** Keep an ISIN safe for a file name. */
const fileSafe = (value: string) => value.replace(/[^A-Za-z0-9._-]/g, '_')

const ONE_DAY_MS = 24 * 60 * 60 * 1000

/** Midnight in India at the start of an ISO date. */
function istMidnight(iso: string): Date {
  return new Date(`${iso}T00:00:00+05:30`)
}

/** The documents service over one database and file store. */
export function documentService(
  db: Db,
  dataDir: string,
  log?: DocumentLog,
  overrides: DocumentServiceOverrides = {},
) {
  const files = overrides.files ?? localFileStore(join(dataDir, 'files'))
  const now = overrides.now ?? (() => new Date())
  const today = overrides.today ?? (() => todayInIndia(now()))
  const pricing = pricingService(db, today)

  async function bond(id: string): Promise<FinstrumentRow> {
    const row = await findFinstrument(db, id.toUpperCase())
    if (!row) throw new HttpError(404, 'Bond not found')
    return row
  }

  /**
   * Price a bond from a download's inputs: the yield or price given, else a yield equal to the
   * coupon rate (decision 100). A 422 of the pricing service comes back as the reason.
   */
  async function priceFor(row: FinstrumentRow, request: DocumentQuoteRequest): Promise<Pricing> {
    const quantity = request.quantity ?? 1
    const settlement =
      request.settlement_date !== undefined
        ? { settlement_date: request.settlement_date }
        : { settlement_delta: request.settlement_delta ?? DEFAULT_SETTLEMENT_DELTA }
    let basis: Basis
    let input: { bond_yield: number } | { clean_price: number }
    if (request.bond_yield !== undefined) {
      basis = 'yield'
      input = { bond_yield: request.bond_yield }
    } else if (request.clean_price !== undefined) {
      basis = 'price'
      input = { clean_price: request.clean_price }
    } else if (row.couponRate) {
      basis = 'coupon'
      input = { bond_yield: roundTo(row.couponRate, 6) }
    } else {
      return {
        quote: null,
        quantity,
        reason: row.canBePriced
          ? `No yield or price was given and ${row.displayName} pays no coupon to price at; download again with a yield or a price.`
          : `${row.displayName} cannot be priced: its terms are not known or it floats.`,
      }
    }
    try {
      const quote = await pricing.quote(row.id, { ...input, ...settlement })
      return { quote, basis, quantity }
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 422) {
        return { quote: null, quantity, reason: error.message }
      }
      throw error
    }
  }

  /** The settlement date of cash flows when there is no quote: the one given, else T+n. */
  function settlementWithoutQuote(row: FinstrumentRow, request: DocumentQuoteRequest) {
    if (request.settlement_date) return request.settlement_date
    return settlementOnCalendar(
      termsOf(row).convention,
      today(),
      request.settlement_delta ?? DEFAULT_SETTLEMENT_DELTA,
    )
  }

  async function cashflowsFor(
    row: FinstrumentRow,
    pricingResult: Pricing,
    request: DocumentQuoteRequest,
  ): Promise<CashflowResponse | string> {
    try {
      const settlement =
        pricingResult.quote?.price.settlement_date ?? settlementWithoutQuote(row, request)
      return await pricing.cashflows(row.id, pricingResult.quantity, settlement)
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 422) return error.message
      if (error instanceof PricingError) return error.message
      throw error
    }
  }

  function termsBlock(row: FinstrumentRow): ReportBlock {
    const schedule = (list: readonly { date: string; price: number }[]) =>
      list.length ? list.map((o) => `${dateText(o.date)} at ${price(o.price)}`).join('; ') : 'None'
    return {
      kind: 'fields',
      rows: [
        ['Name', row.displayName],
        ['ISIN', row.isin],
        ['Issuer', row.issuer],
        ['Type', securityTypeLabel(row.securityType)],
        [
          'Coupon',
          row.isFloatingRate
            ? 'Floating'
            : row.couponRate === null
              ? 'Not known'
              : percent(row.couponRate),
        ],
        ['Frequency', couponFrequencyLabel(row.couponRate, row.frequency)],
        ['Maturity', dateText(row.maturityDate)],
        [
          'Face value',
          `${rupees(row.faceValue)} per unit${row.faceValueAssumed ? ' (assumed)' : ''}`,
        ],
        ['Rating', row.rating ?? 'Not rated'],
        ['Listed', row.isListed ? 'Yes' : 'No'],
        ['Call schedule', schedule(row.calls)],
        ['Put schedule', schedule(row.puts)],
      ],
    }
  }

  function basisText(row: FinstrumentRow, q: QuoteResponse, basis: Basis): string {
    switch (basis) {
      case 'yield':
        return `Priced at the yield given (${percent(q.price.bond_yield)}).`
      case 'price':
        return `Yield solved from the clean price given (${price(q.price.unit_clean_price)}).`
      case 'coupon':
        return `No yield or price was given: priced at a yield equal to the coupon rate (${percent(row.couponRate ?? 0)}). This is a reference, not a market price.`
    }
  }

  function quoteFields(row: FinstrumentRow, q: QuoteResponse, quantity: number) {
    const consideration = roundTo((quantity * row.faceValue * q.dirty_price) / 100, 2)
    return [
      ['Settlement date', dateText(q.price.settlement_date)],
      ['Clean price', `${price(q.price.unit_clean_price)} per Rs. 100 of face value`],
      ['Yield (YTM)', percent(q.price.bond_yield)],
      ['Accrued interest', `${price(q.accrued_interest)} per Rs. 100 of face value`],
      ['Dirty price', `${price(q.dirty_price)} per Rs. 100 of face value`],
      ['Quantity', unitsText(quantity)],
      ['Face value traded', rupees(roundTo(quantity * row.faceValue, 2))],
      ['Consideration', rupees(consideration)],
    ] as const
  }

  return {
    /** The bond-details PDF: terms, price and yield at the settlement, cash flows for a quantity. */
    async bondDetailsPdf(id: string, request: DocumentQuoteRequest): Promise<DownloadFile> {
      const row = await bond(id)
      const pricingResult = await priceFor(row, request)
      const blocks: ReportBlock[] = [{ kind: 'heading', text: 'Terms' }, termsBlock(row)]
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
      const flows = await cashflowsFor(row, pricingResult, request)
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
          text: `From settlement on ${dateText(flows.settlement_date)}, in rupees.`,
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
            dateText(f.date),
            rupees(f.interest),
            rupees(f.principal),
            rupees(f.total),
          ]),
        })
      }
      const bytes = await renderReport(
        { title: `Bond details: ${row.displayName}`, subtitle: row.isin, generatedAt: now() },
        blocks,
      )
      return { bytes, fileName: `${fileSafe(row.isin)}-bond-details.pdf` }
    },

    /** The quote PDF: price, yield, accrued, dirty price, settlement, quantity, consideration. */
    async quotePdf(id: string, request: DocumentQuoteRequest): Promise<DownloadFile> {
      const row = await bond(id)
      const pricingResult = await priceFor(row, request)
      if (!pricingResult.quote) throw new HttpError(422, pricingResult.reason)
      const bytes = await renderReport(
        { title: `Quote: ${row.displayName}`, subtitle: row.isin, generatedAt: now() },
        [
          {
            kind: 'fields',
            rows: [
              ['Bond', row.displayName],
              ['ISIN', row.isin],
              ['Issuer', row.issuer],
              ['Maturity', dateText(row.maturityDate)],
            ],
          },
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
    },

    /** Store a bond's information memorandum (replacing the previous one). */
    async uploadMemorandum(
      id: string,
      bytes: Buffer,
      uploadedBy: string,
    ): Promise<ImUploadResponse> {
      const row = await bond(id)
      if (bytes.length === 0) {
        throw new HttpError(400, 'The file is empty', { file: 'The file is empty' })
      }
      if (bytes.subarray(0, PDF_MAGIC.length).toString('latin1') !== PDF_MAGIC) {
        throw new HttpError(400, 'The file is not a PDF', { file: 'The file is not a PDF' })
      }
      const previous = await findMemorandum(db, row.id)
      const fileKey = `im/${fileSafe(row.id)}/${randomUUID()}.pdf`
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      const uploadedAt = now()
      const fileName = `${fileSafe(row.isin)}-information-memorandum.pdf`
      await files.put(fileKey, bytes)
      try {
        await saveMemorandum(db, {
          finstrumentId: row.id,
          fileKey,
          fileName,
          size: bytes.length,
          sha256,
          uploadedBy,
          uploadedAt,
        })
      } catch (error) {
        await files.remove(fileKey)
        throw error
      }
      if (previous && previous.fileKey !== fileKey) await files.remove(previous.fileKey)
      return {
        isin: row.isin,
        file_name: fileName,
        size: bytes.length,
        sha256,
        uploaded_at: uploadedAt.toISOString(),
      }
    },

    /** A bond's information memorandum by ISIN; 404 when there is none (never a broken file). */
    async memorandum(isin: string): Promise<DownloadFile> {
      const found = await findByIsin(db, isin.toUpperCase())
      if (!found) throw new HttpError(404, 'Bond not found')
      const stored = found.memorandum
      if (!stored) throw new HttpError(404, NO_INFORMATION_MEMORANDUM)
      const bytes = await files.get(stored.fileKey)
      const intact =
        bytes !== null && createHash('sha256').update(bytes).digest('hex') === stored.sha256
      if (!bytes || !intact) {
        log?.error(
          { isin, fileKey: stored.fileKey, missing: bytes === null },
          'information memorandum file missing or damaged',
        )
        throw new HttpError(404, NO_INFORMATION_MEMORANDUM)
      }
      return { bytes, fileName: stored.fileName }
    },

    /** A page of the trades the platform knows for a bond. */
    async trades(id: string, request: TradesRequest): Promise<TradePage> {
      const row = await bond(id)
      const { page, page_size } = request.pagination
      const { date_from, date_to } = request.filters
      const { rows, total } = await listTrades(db, {
        finstrumentId: row.id,
        ...(date_from ? { from: istMidnight(date_from) } : {}),
        ...(date_to ? { before: new Date(istMidnight(date_to).getTime() + ONE_DAY_MS) } : {}),
        sort: request.sort.field,
        direction: request.sort.direction,
        offset: (page - 1) * page_size,
        limit: page_size,
      })
      return {
        results: rows.map((t) => ({
          id: String(t.id),
          trade_date: t.tradedAt.toISOString(),
          clean_price: t.cleanPrice,
          bond_yield: t.bondYield,
          quantity: t.quantity,
          face_value: t.faceValue,
          venue: t.venue,
          source: t.source,
        })),
        count: total,
        page,
        page_size,
      }
    },

    /** The stored credit rationales of a bond, newest first. */
    async creditRationales(id: string): Promise<CreditRationaleList> {
      const row = await bond(id)
      const rows = await listCreditRationales(db, row.id)
      return {
        results: rows.map((r) => ({
          id: String(r.id),
          agency: r.agency,
          rating: r.rating,
          rated_on: r.ratedOn,
          summary: r.summary,
          source_url: r.sourceUrl,
        })),
      }
    },
  }
}

/** The documents service's type. */
export type DocumentService = ReturnType<typeof documentService>
