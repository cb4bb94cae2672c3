// Support's endpoints (spec section 7, "Support and other"; decisions 227-228): the upload
// `POST ext/public/upload/`, the ticket `POST ext/tickets/`, the firm's tickets for its Ops Admin
// and client error reports. Writes are silent: the modals say what failed in spec section 8's
// words, so no automatic error toast doubles them.
import { baseApi, heldFiles } from '@bonds/api-client'
import type {
  ClientErrorReport,
  SupportTicket,
  SupportTicketList,
  SupportTicketRequest,
  SupportUpload,
} from '@bonds/domain'

/** A file to upload: its bytes are held here, outside the store (a store holds only plain data). */
const uploads = heldFiles<Blob>('support-file')

/** Hold a file for `uploadSupportFile`; answers the key its call takes. */
export const holdFile = (file: Blob): string => uploads.hold(file)

/** The support endpoints. */
export const supportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Upload a held file (`holdFile`) as multipart field `file`; answers its URL. */
    uploadSupportFile: build.mutation<SupportUpload, { key: string; name: string }>({
      query: ({ key, name }) => {
        const file = uploads.take(key, true)
        const form = new FormData()
        if (file) form.append('file', file, name)
        return { url: 'ext/public/upload/', method: 'POST', body: form, silent: true }
      },
    }),
    createSupportTicket: build.mutation<SupportTicket, SupportTicketRequest>({
      query: (body) => ({ url: 'ext/tickets/', method: 'POST', body, silent: true }),
      invalidatesTags: ['SupportTicket'],
    }),
    firmSupportTickets: build.query<SupportTicketList, { page?: number; page_size?: number }>({
      query: ({ page = 1, page_size = 20 }) => ({
        url: 'api/support/tickets/',
        query: { page, page_size },
      }),
      providesTags: ['SupportTicket'],
    }),
    reportClientError: build.mutation<unknown, ClientErrorReport>({
      query: (body) => ({ url: 'ext/public/client-errors/', method: 'POST', body, silent: true }),
    }),
  }),
})

export const {
  useUploadSupportFileMutation,
  useCreateSupportTicketMutation,
  useFirmSupportTicketsQuery,
  useReportClientErrorMutation,
} = supportApi
