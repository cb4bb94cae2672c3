// Support of spec sections 2, 3, 7 and 8: the ticket `POST ext/tickets/` files, the upload
// `POST ext/public/upload/` answers, the Ops Admin's list of the firm's tickets, client error
// reports, the report-issue contexts and the texts the modals show (decisions 080, 086, 227-229).
import { z } from './runtime.ts'
import { SUPPORT_TICKET_TYPES, TICKET_FORM_TYPES } from '../enums.ts'
import { emailField } from './fields.ts'
import { requiredMessage } from './messages.ts'
import { strictShape } from './query.ts'

/** The refusal of an access request whose form type is missing or not one of spec section 3's. */
export const FORM_TYPE_MESSAGES = {
  required: requiredMessage('Form type'),
  unknown: 'Form type is not one of the ticket form types',
} as const

/** Files a support ticket may carry, by MIME type, with the extension they are stored under. */
export const SUPPORT_FILE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
} as const
/** One MIME type a support upload may have. */
export type SupportFileType = keyof typeof SUPPORT_FILE_TYPES

/** The largest support upload (a screenshot of a page section is far smaller). */
export const SUPPORT_FILE_MAX_BYTES = 5 * 1024 * 1024

/** Where an uploaded file is read back: `<PUBLIC_URL>/ext/public/files/<uuid>.<ext>`. */
export const SUPPORT_FILE_PATH = '/ext/public/files/'
/** The name of a stored upload (an unguessable id and its extension). */
export const SUPPORT_FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|pdf|txt)$/

/** Whether a URL is one of this product's support uploads (any origin: PUBLIC_URL may vary). */
export function isSupportFileUrl(url: string): boolean {
  const at = url.indexOf(SUPPORT_FILE_PATH)
  return at >= 0 && SUPPORT_FILE_NAME.test(url.slice(at + SUPPORT_FILE_PATH.length))
}

/** Texts of the support modals and their answers (spec sections 2 and 8, word for word). */
export const SUPPORT_MESSAGES = {
  consent:
    'Share pricing details entered by you with our support team. This helps to resolve issues quicker.',
  success: {
    query: 'Your query has been noted. We will respond shortly via email.',
    issue: 'Thank you for reporting the issue. We will update you shortly via email.',
    access: 'Your request has been noted. We will update you shortly via email.',
    feedback: 'Thank you for your valuable feedback',
    contact: 'Your message has been noted',
  },
  uploadFailedPrefix: 'Error uploading file: ',
  createFailedPrefix: 'Error creating intercom ticket: ',
  /** The upload's refusals (decision 228). */
  fileMissing: 'Choose a file to upload in the field "file"',
  fileEmpty: 'The file is empty',
  fileType: 'Only PNG, JPEG, WebP, PDF or plain-text files can be uploaded',
  fileTooLarge: `The file is larger than ${SUPPORT_FILE_MAX_BYTES / 1024 / 1024} MB`,
  fileContent: 'The file’s content does not match its type',
  notMultipart: 'Send the file as multipart/form-data in the field "file"',
  attachment: 'Attachments are files uploaded through ext/public/upload/',
} as const

/** The report-issue checkboxes (spec section 2). */
export const REPORT_ISSUE_OPTIONS = [
  'Price/yield seems incorrect',
  'Maturity date seems incorrect',
  'Call/put information seems incorrect',
  'Others',
] as const
/** One report-issue checkbox. */
export type ReportIssueOption = (typeof REPORT_ISSUE_OPTIONS)[number]
/** The counter-RFQ form's choices: price/yield and Others only. */
export const COUNTER_RFQ_ISSUE_OPTIONS = [
  'Price/yield seems incorrect',
  'Others',
] as const satisfies readonly ReportIssueOption[]

/** The attribute marking a screenshot capture area: `data-support-capture="<area>"`. */
export const SUPPORT_CAPTURE_ATTRIBUTE = 'data-support-capture'
/** The attribute marking an area left out of every screenshot: `data-support-ignore="<area>"`. */
export const SUPPORT_IGNORE_ATTRIBUTE = 'data-support-ignore'

/**
 * The report-issue contexts (spec section 2): the areas their screenshot captures and the areas
 * left out of it (decision 229). Feature packages mark the areas with the two attributes above.
 */
export const REPORT_ISSUE_CONTEXTS = {
  pricing_cashflow: {
    label: 'Pricing and cash flows',
    formType: 'REPORT_ISSUE_PRICING_CASHFLOW',
    options: REPORT_ISSUE_OPTIONS,
    captureAreas: ['calculator', 'cashflows'],
    ignoredAreas: ['market-level', 'report-issue'],
  },
  ticketing: {
    label: 'Ticket',
    formType: null,
    options: REPORT_ISSUE_OPTIONS,
    captureAreas: ['ticket-detail'],
    ignoredAreas: ['ticket-actions', 'ticket-timeline', 'brokerage-form', 'report-issue'],
  },
  consideration: {
    label: 'Consideration',
    formType: null,
    options: REPORT_ISSUE_OPTIONS,
    captureAreas: ['consideration'],
    ignoredAreas: ['brokerage-form', 'report-issue'],
  },
  counter_rfq: {
    label: 'Counter RFQ',
    formType: null,
    options: COUNTER_RFQ_ISSUE_OPTIONS,
    captureAreas: ['counter-rfq'],
    ignoredAreas: ['report-issue'],
  },
} as const satisfies Record<
  string,
  {
    label: string
    formType: (typeof TICKET_FORM_TYPES)[number] | null
    options: readonly ReportIssueOption[]
    captureAreas: readonly string[]
    ignoredAreas: readonly string[]
  }
>
/** One report-issue context. */
export type ReportIssueContext = keyof typeof REPORT_ISSUE_CONTEXTS

const attributeValue = z.union([
  z.string().max(5000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string().max(1000)).max(5),
])

/** One contact of a ticket (who the helpdesk answers). */
export const supportContactSchema = strictShape({
  email: emailField.optional(),
  name: z.string().max(200).optional(),
})

/**
 * Support / access-request ticket, posted to the external-ticket path under `ext/`. An access
 * request (type 4) names the feature asked for as its `form_type` (decision 086); files go in
 * `ticket_attributes.attachments` as the URLs `ext/public/upload/` answered (decision 228).
 * Unknown fields are refused with a 400 naming them.
 */
export const supportTicketRequestSchema = strictShape({
  ticket_type_id: z.number().int().min(1).max(4),
  contacts: z.array(supportContactSchema).max(10).default([]),
  ticket_attributes: z.record(z.string().max(64), attributeValue).default({}),
}).superRefine((value, ctx) => {
  const attachments = value.ticket_attributes.attachments
  if (attachments !== undefined) {
    const ok = Array.isArray(attachments) && attachments.every((url) => isSupportFileUrl(url))
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['ticket_attributes', 'attachments'],
        message: SUPPORT_MESSAGES.attachment,
      })
    }
  }
  for (const [key, item] of Object.entries(value.ticket_attributes)) {
    if (key !== 'attachments' && Array.isArray(item)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ticket_attributes', key],
        message: 'Only attachments may be a list',
      })
    }
  }
  if (value.ticket_type_id !== SUPPORT_TICKET_TYPES.access.id) return
  const form = value.ticket_attributes.form_type
  if (form === undefined || form === null || form === '') {
    ctx.addIssue({
      code: 'custom',
      path: ['ticket_attributes', 'form_type'],
      message: FORM_TYPE_MESSAGES.required,
    })
  } else if (!(TICKET_FORM_TYPES as readonly unknown[]).includes(form)) {
    ctx.addIssue({
      code: 'custom',
      path: ['ticket_attributes', 'form_type'],
      message: FORM_TYPE_MESSAGES.unknown,
    })
  }
})
/** A ticket as posted. */
export type SupportTicketRequest = z.input<typeof supportTicketRequestSchema>

/**
 * A stored support ticket. For an access request, `already_requested` says the user's open request
 * for the same feature was answered instead of a new ticket, and `created_at` is when it was filed.
 */
export const supportTicketSchema = z.object({
  id: z.number(),
  ticket_type_id: z.number(),
  provider_type_id: z.number(),
  created_at: z.string(),
  already_requested: z.boolean(),
})
/** A stored support ticket. */
export type SupportTicket = z.output<typeof supportTicketSchema>

/** What `POST ext/public/upload/` answers: where the stored file is read. */
export const supportUploadSchema = z.object({ file_url: z.string() })
/** An upload's answer. */
export type SupportUpload = z.output<typeof supportUploadSchema>

/** One ticket in the Ops Admin's list of the firm's tickets. */
export const supportTicketRowSchema = z.object({
  id: z.number(),
  ticket_type_id: z.number(),
  type_label: z.string(),
  provider_type_id: z.number(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  raised_by: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  contacts: z.array(z.object({ email: z.string().optional(), name: z.string().optional() })),
  ticket_attributes: z.record(z.string(), z.unknown()),
  attachments: z.array(z.string()),
  /** Where the ticket went: `embedded` (this database) or the helpdesk's name and its id. */
  helpdesk: z.object({ name: z.string(), external_id: z.string().nullable() }),
})
/** One ticket of the firm's list. */
export type SupportTicketRow = z.output<typeof supportTicketRowSchema>

/** The firm's tickets, newest first. */
export const supportTicketListSchema = z.object({
  count: z.number(),
  results: z.array(supportTicketRowSchema),
})
/** The firm's tickets. */
export type SupportTicketList = z.output<typeof supportTicketListSchema>

/** The list's query: a page of at most 100. */
export const supportTicketListQuerySchema = strictShape({
  page: z.coerce.number().int().min(1).max(10000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
})

/** Bounds of a client error report. */
export const CLIENT_ERROR_LIMITS = { message: 2000, stack: 10000, url: 2000 } as const

/**
 * A client error report `POST ext/public/client-errors/` (spec section 3's error report). The user
 * context (user-id, user-name, client-name) is the server's, from the caller's token; the page
 * sends the url.
 */
export const clientErrorReportSchema = strictShape({
  message: z.string().min(1, requiredMessage('Message')).max(CLIENT_ERROR_LIMITS.message),
  url: z.string().min(1, requiredMessage('Url')).max(CLIENT_ERROR_LIMITS.url),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  component_stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  source: z.enum(['render', 'window', 'promise']).default('window'),
})
/** A client error report as posted. */
export type ClientErrorReport = z.input<typeof clientErrorReportSchema>

/** What a stored client error report answers: its id and the user context it was stored with. */
export const clientErrorStoredSchema = z.object({
  id: z.number(),
  user: z
    .object({
      'user-id': z.string(),
      'user-name': z.string(),
      'client-name': z.string(),
      url: z.string(),
    })
    .nullable(),
})
