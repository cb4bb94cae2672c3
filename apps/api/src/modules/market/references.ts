// The people and firms a quote may name (issue 19): `end_client_id`, the client the quote is for
// (the caller's own firm, a partner it added, or one of its offline records), and `broker_id`, a
// broker firm on the platform other than the caller's own (as a cluster's facilitator). Anything
// else is the field's 400: a quote never names a firm the caller cannot see (decision 260). A deal
// closed in RFQ quotes names a narrower broker: one of the deal's own (decision 383).
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { clients, networkPartners, offlineRecords } from '../../db/schema.ts'
import type { AuthUser } from '../../http/access.ts'
import { bad } from './context.ts'

/** Messages of the reference checks (chosen: the spec shows none; decision 260). */
export const REFERENCE_MESSAGES = {
  endClient: 'End client not found: name your own firm, a partner or an offline record',
  broker: 'Broker not found: name a broker firm other than your own',
  dealBroker:
    'Broker not allowed on this deal: name the other firm if it is a broker, or a broker firm in your network',
  brokerOnDecline: 'A broker is named only on a deal: leave broker_id out when declining',
} as const

type Id = string | number | null | undefined

/** Whether `partnerId` is in the network of the firm `clientId`. */
async function isPartner(db: Db, clientId: string, partnerId: string): Promise<boolean> {
  const [partner] = await db
    .select({ id: networkPartners.partnerClientId })
    .from(networkPartners)
    .where(
      and(eq(networkPartners.clientId, clientId), eq(networkPartners.partnerClientId, partnerId)),
    )
    .limit(1)
  return partner !== undefined
}

/** Refuses an `end_client_id` that is not the caller's firm, a partner or an offline record. */
export async function checkEndClient(db: Db, user: AuthUser, value: Id): Promise<void> {
  if (value == null) return
  const id = String(value)
  if (id === user.clientId) return
  if (await isPartner(db, user.clientId, id)) return
  const [record] = await db
    .select({ id: offlineRecords.id })
    .from(offlineRecords)
    .where(and(eq(offlineRecords.clientId, user.clientId), eq(offlineRecords.id, id)))
    .limit(1)
  if (!record) throw bad('end_client_id', REFERENCE_MESSAGES.endClient)
}

/** Refuses a `broker_id` that is not a broker firm other than the caller's own. */
export async function checkBroker(db: Db, user: AuthUser, value: Id): Promise<void> {
  if (value == null) return
  const id = String(value)
  const [row] =
    id === user.clientId
      ? []
      : await db
          .select({ isBroker: clients.isBroker })
          .from(clients)
          .where(eq(clients.id, id))
          .limit(1)
  if (!row?.isBroker) throw bad('broker_id', REFERENCE_MESSAGES.broker)
}

/**
 * Refuses a deal's `broker_id` that is not one of the deal's brokers: the other firm of the deal
 * when it is a broker firm, or a broker firm in the closing firm's own network (a partner it
 * added). Never the closing firm itself (decision 383).
 */
export async function checkDealBroker(
  db: Db,
  user: AuthUser,
  value: Id,
  otherClientId: string,
): Promise<void> {
  if (value == null) return
  const id = String(value)
  const refuse = () => bad('broker_id', REFERENCE_MESSAGES.dealBroker)
  if (id === user.clientId) throw refuse()
  const [row] = await db
    .select({ isBroker: clients.isBroker })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1)
  if (!row?.isBroker) throw refuse()
  if (id === otherClientId) return
  if (!(await isPartner(db, user.clientId, id))) throw refuse()
}
