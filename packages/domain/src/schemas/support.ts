// Support of spec sections 2, 3, 7 and 8: the ticket `POST ext/tickets/` files, the upload
// `POST ext/public/upload/` answers, the Ops Admin's list of the firm's tickets, client error
// reports, the report-issue contexts and the texts the modals show (decisions 080, 086, 227-229).
import { z } from './runtime.ts'
import { SUPPORT_TICKET_TYPES, TICKET_FORM_TYPES } from '../enums.ts'
import {
  CLIENT_ERROR_LIMITS,
  FORM_TYPE_MESSAGES,
  isSupportFileUrl,
  SUPPORT_MESSAGES,
} from '../support.ts'
import { emailField } from './fields.ts'
import { requiredMessage } from './messages.ts'
import { strictShape } from './query.ts'

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
  /** The firm it was filed for (null: filed signed out, from /contact or a public page). */
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
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

/** The staff's list of every firm's tickets: a page, and one firm's only when `client_id` says. */
export const supportTicketStaffQuerySchema = strictShape({
  page: z.coerce.number().int().min(1).max(10000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  client_id: z.string().min(1).max(64).optional(),
})

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
