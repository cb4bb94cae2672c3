// What the chat service asks of the network (through index.ts): which firms a client has added as
// partners, and which users' standing in the network is inactive, as subqueries it can filter by.
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { networkMembers, networkPartners } from '../../db/schema.ts'

/** The client ids a client has added as partners (a subquery of `id`). */
export function partnerClientIdsQuery(db: Db, clientId: string) {
  return db
    .select({ id: networkPartners.partnerClientId })
    .from(networkPartners)
    .where(eq(networkPartners.clientId, clientId))
}

/** The users set inactive in the network (a subquery of `id`); no row means active. */
export function inactiveMemberIdsQuery(db: Db) {
  return db
    .select({ id: networkMembers.userId })
    .from(networkMembers)
    .where(eq(networkMembers.isActive, false))
}
