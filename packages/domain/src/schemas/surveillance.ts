// Surveillance of trades (issue 22, decision 226): the Compliance Officer's view-only list of the
// firm's tickets and orders (the ticket list's query and page), and one trade's reconstruction:
// the chat around it, the quote, the RFQs and negotiations, and the ticket's own timeline on one
// time line.
import { z } from './runtime.ts'
import { strictShape } from './query.ts'
import { ticketSchema } from './tickets.ts'

/** What a reconstruction event is, in the order a deal usually passes through them. */
export const RECONSTRUCTION_KINDS = [
  'message',
  'quote',
  'rfq',
  'negotiation',
  'ticket',
  'order',
  'report',
  'settlement',
] as const
/** A reconstruction event's kind. */
export type ReconstructionKind = (typeof RECONSTRUCTION_KINDS)[number]

/** How many chat messages before and after the deal message a reconstruction shows. */
export const RECONSTRUCTION_MESSAGES = { before: 20, after: 10 } as const

/** `GET api/surveillance/trades/{id}/` and its PDF: the trade's id. */
export const surveillanceTradeParamsSchema = strictShape({ id: z.string().min(1).max(20) })

/** One event of a trade's reconstruction. */
export const reconstructionEventSchema = z.object({
  /** ISO 8601 instant. */
  at: z.string(),
  kind: z.enum(RECONSTRUCTION_KINDS),
  /** What happened, in a few words ("Message", "BID EOI", "Consideration accepted"). */
  title: z.string(),
  /** What was said or changed, as typed (always text, never markup); null when nothing. */
  detail: z.string().nullable(),
  actor_name: z.string().nullable(),
  actor_client_name: z.string().nullable(),
})
/** A reconstruction event. */
export type ReconstructionEvent = z.output<typeof reconstructionEventSchema>

/** `GET api/surveillance/trades/{id}/`: the ticket (no actions) and its events, oldest first. */
export const tradeReconstructionSchema = z.object({
  ticket: ticketSchema,
  events: z.array(reconstructionEventSchema),
})
/** A trade's reconstruction. */
export type TradeReconstruction = z.output<typeof tradeReconstructionSchema>
