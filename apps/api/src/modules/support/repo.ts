// The support module's tables: support tickets, the files uploaded for them and client error
// reports. Nothing outside this module writes them.
import { SUPPORT_TICKET_TYPES } from '@bonds/domain'
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { clientErrors, clients, supportTickets, supportUploads, users } from '../../db/schema.ts'

const ACCESS_REQUEST_TYPE_ID = SUPPORT_TICKET_TYPES.access.id

/**
 * Store a support ticket; its id and time, or undefined when the user already has an open access
 * request for the same feature (the one-open-request index: decision 086).
 */
export async function insertTicket(db: Db, row: typeof supportTickets.$inferInsert) {
  const [inserted] = await db
    .insert(supportTickets)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: supportTickets.id, createdAt: supportTickets.createdAt })
  return inserted
}

/** A user's open access request (ticket type 4) for a feature (its form type), if any. */
export async function openAccessRequest(db: Db, userId: string, formType: string) {
  const [row] = await db
    .select({ id: supportTickets.id, createdAt: supportTickets.createdAt })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.userId, userId),
        eq(supportTickets.ticketTypeId, ACCESS_REQUEST_TYPE_ID),
        isNull(supportTickets.closedAt),
        sql`${supportTickets.attributes} ->> 'form_type' = ${formType}`,
      ),
    )
    .orderBy(asc(supportTickets.id))
    .limit(1)
  return row
}

/** Record where a ticket was handed to: the helpdesk's id, or why forwarding failed. */
export async function markForwarded(
  db: Db,
  id: number,
  outcome: { helpdesk: string; externalId?: string | null; error?: string },
) {
  await db
    .update(supportTickets)
    .set({
      helpdesk: outcome.helpdesk,
      externalId: outcome.externalId ?? null,
      forwardError: outcome.error ?? null,
    })
    .where(eq(supportTickets.id, id))
}

/**
 * A page of tickets, newest first, with who raised each and their firm: one firm's (`clientId`),
 * or every firm's and the signed-out ones' (null).
 */
export async function ticketsPage(db: Db, clientId: string | null, page: number, pageSize: number) {
  const where = clientId === null ? undefined : eq(supportTickets.clientId, clientId)
  const [total] = await db.select({ n: count() }).from(supportTickets).where(where)
  const rows = await db
    .select({
      ticket: supportTickets,
      userEmail: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      clientName: clients.name,
    })
    .from(supportTickets)
    .leftJoin(users, eq(users.id, supportTickets.userId))
    .leftJoin(clients, eq(clients.id, supportTickets.clientId))
    .where(where)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return { count: total?.n ?? 0, rows }
}

/** Record an uploaded file (its bytes are in the file store under `support/<name>`). */
export async function insertUpload(db: Db, row: typeof supportUploads.$inferInsert) {
  await db.insert(supportUploads).values(row)
}

/** An uploaded file's record, if any. */
export async function uploadByName(db: Db, name: string) {
  const [row] = await db.select().from(supportUploads).where(eq(supportUploads.name, name))
  return row
}

/** Store a client error report. */
export async function insertClientError(db: Db, row: typeof clientErrors.$inferInsert) {
  const [inserted] = await db.insert(clientErrors).values(row).returning({ id: clientErrors.id })
  if (!inserted) throw new Error('a client error report was not stored')
  return inserted.id
}
