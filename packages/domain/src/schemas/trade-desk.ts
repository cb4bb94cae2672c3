// The trade desk calls of spec section 7 whose answers the spec does not show: facilitators,
// agents, a client's users, a desk member's standing (docs/decisions/152–154), and the market's
// hours with the trade-timing restriction text (docs/decisions/155–156).
import { z } from './runtime.ts'
import { listFilterField, strictShape } from './query.ts'
import { participantResultSchema } from './network.ts'

/** `GET api/trade/facilitator/` and `GET api/trade/agent/`: an optional filter by name. */
export const deskListQuerySchema = strictShape({ search: listFilterField })
/** A desk list query. */
export type DeskListQuery = z.output<typeof deskListQuerySchema>

/** Brokers that can facilitate the caller's trades (Company rows, partners first). */
export const facilitatorListSchema = z.object({ results: z.array(participantResultSchema) })
/** A facilitator list. */
export type FacilitatorList = z.output<typeof facilitatorListSchema>

/**
 * A user of a client. For the caller's own client every field is filled; for another client only
 * its active dealers are listed, and `email`, `roles` and `can_trade` are null.
 */
export const clientUserSchema = z.object({
  user_id: z.string(),
  client_id: z.string(),
  user_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()).nullable(),
  /** Shown to counterparties and able to act for the desk (`PATCH api/trade/members/{id}/`). */
  is_active: z.boolean(),
  /** Holds client.can_trade. */
  can_trade: z.boolean().nullable(),
  /** The caller. */
  is_self: z.boolean(),
})
/** A client's user. */
export type ClientUser = z.output<typeof clientUserSchema>

/** `GET api/trade/agent/`: the caller's client's dealers who can act (trade access, active). */
export const agentListSchema = z.object({ results: z.array(clientUserSchema) })
/** An agent list. */
export type AgentList = z.output<typeof agentListSchema>

/** `GET api/trade/client/users/{id}/`: the users of client {id} the caller may see. */
export const clientUsersSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  /** The caller's own client (every user, with roles); otherwise its active dealers only. */
  is_own: z.boolean(),
  results: z.array(clientUserSchema),
})
/** A client's users. */
export type ClientUsers = z.output<typeof clientUsersSchema>

/** `PATCH api/trade/members/{id}/`: a desk member's standing in the network. */
export const memberUpdateSchema = strictShape({
  is_active: z.boolean({ error: 'Should be true or false' }),
})
/** A member update. */
export type MemberUpdate = z.output<typeof memberUpdateSchema>

/** `GET api/trade/timings` takes no query. */
export const tradeTimingsQuerySchema = strictShape({})

/** The market's hours now, and what the caller may do in them. */
export const tradeTimingsSchema = z.object({
  timezone: z.literal('Asia/Kolkata'),
  /** The holiday calendar the sessions follow. */
  calendar: z.string(),
  /** False when today's year lists only the holidays known so far (treat as provisional). */
  calendar_complete: z.boolean(),
  /** The server's time (ISO). */
  now: z.string(),
  /** Today in IST, YYYY-MM-DD. */
  today: z.string(),
  open_time: z.string(),
  close_time: z.string(),
  is_business_day: z.boolean(),
  /** Today's holiday, when it is one. */
  holiday: z.string().nullable(),
  is_open: z.boolean(),
  /** The next opening after now (ISO). */
  next_open: z.string(),
  /** The close of the session under way, else of the next one (ISO). */
  next_close: z.string(),
  /** "The market is open until 17:00 IST." / "The market is closed. It opens …". */
  message: z.string(),
  can_trade: z.boolean(),
  /** The trade-timing restriction text, for a caller without client.can_trade; else null. */
  restriction: z.string().nullable(),
})
/** The market's hours. */
export type TradeTimings = z.output<typeof tradeTimingsSchema>
