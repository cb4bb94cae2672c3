// The calls of the security page (spec section 7, instruments and client), typed, over the app's
// API client. Section loads are silent: each section shows its own error and a retry instead.
import type { ApiClient, DownloadedFile } from '@bonds/api-client'
import {
  INSTRUMENT_PAGE_SIZE,
  type CashflowResponse,
  type CreditRationaleList,
  type DocumentQuoteRequest,
  type FinstrumentInfo,
  type FinstrumentPage,
  type MarketQuote,
  type QuoteType,
  type TradePage,
  type TradeSortField,
} from '@bonds/domain'

/** A trades request as the trade history sends it (all parts given). */
export interface TradeQuery {
  page: number
  pageSize: number
  sort: { field: TradeSortField; direction: 'asc' | 'desc' }
  filters: { date_from?: string; date_to?: string }
}

const path = (id: string) => encodeURIComponent(id)

/** The security page's calls over one API client. */
export function securityApi(api: ApiClient) {
  return {
    /** `GET api/v2/finstrument/info/{id}`: all terms of one bond (404 for an unknown id). */
    info: (id: string, signal?: AbortSignal) =>
      api.get<FinstrumentInfo>(`api/v2/finstrument/info/${path(id)}`, { signal, silent: true }),

    /** `POST api/cashflow/{id}/ {quantity, ref_date}`: dated interest and principal in rupees. */
    cashflows: (id: string, quantity: number, refDate: string, signal?: AbortSignal) =>
      api.post<CashflowResponse>(
        `api/cashflow/${path(id)}/`,
        { quantity, ref_date: refDate },
        { signal, silent: true },
      ),

    /**
     * `POST api/quote/market/{id}/`: the best live quote of a side, else (inferred) the last trade's
     * or the disclosed yield at the settlement; `price` null when the market has none.
     */
    marketQuote: (id: string, quoteType: QuoteType, settlementDate: string, signal?: AbortSignal) =>
      api.post<MarketQuote>(
        `api/quote/market/${path(id)}/`,
        { infer_from_market: true, quote_type: quoteType, settlement_date: settlementDate },
        { signal, silent: true },
      ),

    /** `POST api/bonds-by-same-issuer/{id}/`: a page of the issuer's other bonds. */
    sameIssuer: (id: string, cursor: string | null, signal?: AbortSignal) =>
      api.post<FinstrumentPage>(
        `api/bonds-by-same-issuer/${path(id)}/`,
        { pagination_params: { cursor, limit: INSTRUMENT_PAGE_SIZE } },
        { signal, silent: true },
      ),

    /** `POST api/trades/{id}/ {pagination, sort, filters}`: a page of trades the platform knows. */
    trades: (id: string, query: TradeQuery, signal?: AbortSignal) =>
      api.post<TradePage>(
        `api/trades/${path(id)}/`,
        {
          pagination: { page: query.page, page_size: query.pageSize },
          sort: query.sort,
          filters: query.filters,
        },
        { signal, silent: true },
      ),

    /** `GET api/credit-rationale/{id}/`: stored rating rationales, newest first. */
    creditRationale: (id: string, signal?: AbortSignal) =>
      api.get<CreditRationaleList>(`api/credit-rationale/${path(id)}/`, { signal, silent: true }),

    /** `POST api/im/download/ {isin}`: the information memorandum (404 when none is stored). */
    downloadMemorandum: (isin: string): Promise<DownloadedFile> =>
      api.download('api/im/download/', { isin }, { silent: true }),

    /** `POST api/bond-details/{id}/download/`: the bond-details PDF the server generates. */
    downloadBondDetails: (id: string, body: DocumentQuoteRequest): Promise<DownloadedFile> =>
      api.download(`api/bond-details/${path(id)}/download/`, body, { silent: true }),

    /** `POST api/quote/{id}/download/`: the quote PDF the server generates. */
    downloadQuote: (id: string, body: DocumentQuoteRequest): Promise<DownloadedFile> =>
      api.download(`api/quote/${path(id)}/download/`, body, { silent: true }),
  }
}

/** The security page's calls. */
export type SecurityApi = ReturnType<typeof securityApi>
