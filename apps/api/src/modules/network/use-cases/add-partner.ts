// POST api/clients/partners/ {client_id}: add a firm on the platform to the caller's network, one
// the directory lists (a client with someone in a trading role), never the caller's own. The
// caller's colleagues' panels reload. Decision 151.
import {
  NETWORK_MESSAGES as NM,
  TRADING_ROLES,
  type NetworkEntry,
  type PartnerAdd,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { isId, type NetworkContext } from '../context.ts'
import { findCompany } from '../directory.ts'
import { audit, insertPartner } from '../repo.ts'
import { networkEntryView } from '../views.ts'
import { partnerPeople } from './list-network.ts'

const fail = (status: number, message: string) =>
  new HttpError(status, message, { client_id: message })

/** Add a partner to the caller's network. */
export async function addPartner(
  context: NetworkContext,
  caller: AuthUser,
  body: PartnerAdd,
  ip?: string,
): Promise<NetworkEntry> {
  const { db } = context
  if (body.client_id === caller.clientId) throw fail(400, NM.ownClient)
  const firm = isId(body.client_id)
    ? await findCompany(db, body.client_id, caller.clientId, TRADING_ROLES)
    : undefined
  if (!firm) throw fail(404, NM.clientNotFound)
  const createdAt = context.now()
  await context.transact(async (tx, events) => {
    const added = await insertPartner(tx, {
      clientId: caller.clientId,
      partnerClientId: firm.clientId,
      addedBy: caller.id,
      createdAt,
    })
    if (!added) throw fail(409, NM.alreadyPartner)
    await audit(tx, {
      actor: caller.id,
      action: 'network_partner_added',
      ip,
      detail: { client: caller.clientId, partner: firm.clientId },
    })
    await events.changed(caller.clientId)
  })
  const people = await partnerPeople(context, [firm.clientId])
  return networkEntryView(
    {
      id: firm.clientId,
      kind: 'partner',
      name: firm.clientName,
      nscclCode: firm.nscclCode,
      icclCode: firm.icclCode,
      isBroker: firm.isBroker,
      contactName: null,
      email: null,
      mobile: null,
      createdAt,
    },
    people.get(firm.clientId) ?? [],
  )
}
