// Queries over invitations.
import { and, asc, eq, ilike } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { invitations } from '../../db/schema.ts'

/** A stored invitation. */
export type InvitationRow = typeof invitations.$inferSelect

/** An invitation by the hash of its code. */
export async function inviteByCodeHash(
  db: Db,
  codeHash: string,
): Promise<InvitationRow | undefined> {
  const [invite] = await db.select().from(invitations).where(eq(invitations.codeHash, codeHash))
  return invite
}

/** One invitation of a client. */
export async function inviteOfClient(
  db: Db,
  id: string,
  clientId: string,
): Promise<InvitationRow | undefined> {
  const [invite] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.clientId, clientId)))
  return invite
}

/** Add an invitation. */
export async function insertInvitation(
  db: Db,
  row: typeof invitations.$inferInsert,
): Promise<void> {
  await db.insert(invitations).values(row)
}

/** Change an invitation. */
export async function updateInvitation(
  db: Db,
  id: string,
  patch: Partial<typeof invitations.$inferInsert>,
): Promise<void> {
  await db.update(invitations).set(patch).where(eq(invitations.id, id))
}

/** A client's pending invitations, by e-mail; with a LIKE pattern, those whose e-mail matches. */
export async function pendingInvitesOf(
  db: Db,
  clientId: string,
  pattern: string | null,
): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.clientId, clientId),
        eq(invitations.status, 'invited'),
        pattern ? ilike(invitations.email, pattern) : undefined,
      ),
    )
    .orderBy(asc(invitations.email))
}

/** Revoke a client's pending invitations to an e-mail (a new one supersedes them); their ids. */
export async function revokePendingInvitesTo(
  db: Db,
  clientId: string,
  email: string,
): Promise<string[]> {
  const rows = await db
    .update(invitations)
    .set({ status: 'revoked' })
    .where(
      and(
        eq(invitations.clientId, clientId),
        eq(invitations.status, 'invited'),
        eq(invitations.email, email),
      ),
    )
    .returning({ id: invitations.id })
  return rows.map((row) => row.id)
}
