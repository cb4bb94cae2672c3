// A bond's documents: the information memorandum (`POST api/im/download/ {isin}`, 404 when none is
// stored), and the bond-details and quote PDFs the server generates (`POST api/bond-details/{id}/
// download/`, `POST api/quote/{id}/download/`) from the calculator's inputs. The file goes
// straight to the browser; the cache keeps only its name (a file is not state). Silent: the
// downloads show what happened beside their buttons.
import { saveFile } from '@bonds/ui-kit'
import { baseApi, type ApiQueryArgs, type DownloadedFile } from '@bonds/api-client'
import type { DocumentQuoteRequest } from '@bonds/domain'

/** Which document. */
export type DocumentKind = 'memorandum' | 'bond-details' | 'quote'

/** A download: the document, the bond, and the PDFs' inputs. */
export interface DocumentDownload {
  kind: DocumentKind
  id: string
  isin: string
  /** The calculator's fixed field, the settlement and the quantity (not sent for the memorandum). */
  request: DocumentQuoteRequest
}

const SUFFIX: Record<DocumentKind, string> = {
  memorandum: 'information-memorandum',
  'bond-details': 'bond-details',
  quote: 'quote',
}

function call({ kind, id, isin, request }: DocumentDownload): ApiQueryArgs {
  const path = encodeURIComponent(id)
  const url =
    kind === 'memorandum'
      ? 'api/im/download/'
      : kind === 'bond-details'
        ? `api/bond-details/${path}/download/`
        : `api/quote/${path}/download/`
  const body = kind === 'memorandum' ? { isin } : request
  return { url, method: 'POST', body, responseType: 'file', silent: true }
}

/** The documents endpoint. */
export const documentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Download a document and save it; answers with the name it was saved under. */
    downloadDocument: build.mutation<string, DocumentDownload>({
      async queryFn(download, _api, _extra, baseQuery) {
        const result = await baseQuery(call(download))
        if (result.error) return { error: result.error }
        const fallback = `${download.isin}-${SUFFIX[download.kind]}.pdf`
        return { data: saveFile(result.data as DownloadedFile, fallback) }
      },
    }),
  }),
})

/** Download one of a bond's documents. */
export const { useDownloadDocumentMutation } = documentsApi
