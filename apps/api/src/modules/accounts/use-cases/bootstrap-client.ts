// Onboard a client with its first user: the operator's path (demo seeding and the `create-client`
// command). Everyone else joins by invitation.
import { randomUUID } from 'node:crypto'
import type { RegistrationPayload, Role } from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { AccountsContext } from '../context.ts'
import { insertClient } from '../repo.ts'
import { createUser } from '../users.ts'

/**
 * Onboard a client with its first user (the operator's path: demo seeding and the
 * `create-client` command). Everyone else joins by invitation.
 */
export async function bootstrapClient(
  context: AccountsContext,
  request: {
    client: {
      name: string
      clientType: 'CORP' | 'CORP-P' | 'INDV' | 'INDV-P'
      tier: 'BASIC' | 'PREMIUM'
      isBroker?: boolean
      rfqExchanges?: string[]
      stpExchanges?: string[]
    }
    user: RegistrationPayload
    roles: Role[]
  },
) {
  const { db } = context
  const clientId = randomUUID()
  await insertClient(db, {
    id: clientId,
    name: request.client.name,
    clientType: request.client.clientType,
    tier: request.client.tier,
    isBroker: request.client.isBroker ?? false,
    pan: request.user.pan,
    allowedExchanges: ['NSCCL', 'ICCL'],
    allowedReportingExchanges: ['NSE', 'BSE'],
    rfqExchanges: request.client.rfqExchanges ?? [],
    stpExchanges: request.client.stpExchanges ?? [],
  })
  const userId = await createUser(context, {
    clientId,
    payload: request.user,
    roles: request.roles,
  })
  await audit(db, { actor: null, action: 'registered', detail: { clientId, userId } })
  return { clientId, userId }
}
