// Filing a ticket from a modal: the screenshot (if any) goes up first through
// `ext/public/upload/`, then the ticket carries its URL (spec sections 7 and 8). Each step's
// failure has its own words.
import type { SupportTicketRequest } from '@bonds/domain'
import { ticketFailureText, uploadFailureText } from './texts.ts'

/** The two calls a submission makes (the endpoints' `unwrap`ped triggers). */
export interface SubmitCalls {
  upload: (file: Blob, name: string) => Promise<{ file_url: string }>
  create: (ticket: SupportTicketRequest) => Promise<unknown>
}

/** What a submission came to: done, or the failure text to show. */
export type SubmitOutcome = { ok: true } | { ok: false; message: string }

/** Upload the screenshot (when given), then create the ticket with it among its attachments. */
export async function submitTicket(
  calls: SubmitCalls,
  ticket: SupportTicketRequest,
  screenshot: Blob | null,
): Promise<SubmitOutcome> {
  let attachments: string[] = []
  if (screenshot) {
    try {
      attachments = [(await calls.upload(screenshot, 'screenshot.png')).file_url]
    } catch (error) {
      return { ok: false, message: uploadFailureText(error) }
    }
  }
  const attributes = ticket.ticket_attributes ?? {}
  try {
    await calls.create({
      ...ticket,
      ticket_attributes: attachments.length > 0 ? { ...attributes, attachments } : attributes,
    })
  } catch (error) {
    return { ok: false, message: ticketFailureText(error) }
  }
  return { ok: true }
}
