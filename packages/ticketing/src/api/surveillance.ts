// `/surveillance`'s trades (decision 226): the Compliance Officer's list of the firm's tickets and
// orders (`GET api/surveillance/trades/`), one trade's reconstruction (`GET api/surveillance/
// trades/{id}/`) and its PDF (`…/pdf/`, saved under the server's name; the cache keeps only the
// name, a file is not state). Reads only. The list and the reconstruction share the tickets' tags,
// so the socket's ticket messages keep them live. The download is silent: its button says what
// failed.
import { saveFile } from '@bonds/ui-kit'
import { baseApi, type DownloadedFile } from '@bonds/api-client'
import type { TicketPage, TradeReconstruction } from '@bonds/domain'
import { listQuery, pageTags, type TicketListArgs } from './tickets.ts'

/** The surveillance endpoints. */
export const surveillanceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    surveillanceTrades: build.query<TicketPage, TicketListArgs>({
      query: (args) => ({ url: 'api/surveillance/trades/', query: listQuery(args) }),
      providesTags: (page) => pageTags(page),
    }),
    tradeReconstruction: build.query<TradeReconstruction, number>({
      query: (id) => `api/surveillance/trades/${id}/`,
      providesTags: (_result, _error, id) => [
        { type: 'Ticket', id },
        { type: 'Order', id },
      ],
    }),
    /** Download the reconstruction's PDF and save it; answers with the name it was saved under. */
    downloadReconstruction: build.mutation<string, number>({
      async queryFn(id, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: `api/surveillance/trades/${id}/pdf/`,
          responseType: 'file',
          silent: true,
        })
        if (result.error) return { error: result.error }
        return {
          data: saveFile(result.data as DownloadedFile, `trade-${id}-reconstruction.pdf`),
        }
      },
    }),
  }),
})

export const {
  useSurveillanceTradesQuery,
  useTradeReconstructionQuery,
  useDownloadReconstructionMutation,
} = surveillanceApi
