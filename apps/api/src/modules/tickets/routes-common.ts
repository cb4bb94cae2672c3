// What the ticket and order routes share: who may call them, and how a change is answered.
import { PERMISSIONS, ticketSchema, TRADING_ROLES, type Ticket } from '@bonds/domain'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { AccessRule } from '../../http/access.ts'

export const tags = ['tickets']

/** Who deals: a Dealer of a client with trade access; compliance officers never. */
export const DEALING: AccessRule = {
  roles: ['clientdealer'],
  permissions: [PERMISSIONS.canTrade],
  complianceRestricted: true,
}

/** Who settles and cancels orders: a Dealer (cancel) or Back Office; the service checks which. */
export const ORDER_DESK: AccessRule = {
  roles: ['clientdealer', 'backoffice'],
  complianceRestricted: true,
}

/** Who reports: Back Office. */
export const BACK_OFFICE: AccessRule = { roles: ['backoffice'], complianceRestricted: true }

/** Who reads the firm's tickets and orders: the trading roles. */
export const TRADING: AccessRule = { roles: TRADING_ROLES, complianceRestricted: true }

/** A write saved whose follow-on (the clearing report) failed: 207 with the reason. */
const partialSchema = ticketSchema.extend({ message: z.string() })

/** Answer a change: 200 with the ticket, or 207 with the ticket and the warning. */
export function answer(
  reply: FastifyReply,
  result: { ticket: Ticket; warning?: string | undefined },
) {
  if (result.warning) return reply.code(207).send({ ...result.ticket, message: result.warning })
  return reply.code(200).send(result.ticket)
}

export const changed = { 200: ticketSchema, 207: partialSchema }
