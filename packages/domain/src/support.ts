// Support's constants and texts (spec sections 2, 3 and 8; decisions 227-229): the upload's
// rules, the modals' words, the report-issue contexts and the bounds of a client error report.
// No zod here: an app's first load reads these (the upgrade request, the error reporter) and must
// not carry the schemas (`schemas/support.ts`).
import type { TICKET_FORM_TYPES } from './enums.ts'
import { requiredMessage } from './schemas/required-message.ts'

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

/** Bounds of a client error report. */
export const CLIENT_ERROR_LIMITS = { message: 2000, stack: 10000, url: 2000 } as const
