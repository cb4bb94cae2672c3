// Rows as the API shows them: participants (spec section 3), network entries, a client's users.
import type { ClientUser, NetworkEntry, ParticipantResult } from '@bonds/domain'
import { PERMISSIONS } from '@bonds/domain'
import { personName, type PermissionsOf } from './context.ts'
import type { DirectoryRow } from './directory.ts'
import type { usersOf } from './desk-repo.ts'
import type { NetworkRow, OfflineRecordRow } from './repo.ts'

/** A directory row as a participant: a Member when it has a user, else a Company. */
export function participantView(row: DirectoryRow): ParticipantResult {
  const member = row.userId !== null
  return {
    group: member ? 'Member' : 'Company',
    user_id: row.userId,
    client_id: row.clientId,
    nsccl_code: row.nscclCode,
    iccl_code: row.icclCode,
    user_name: member
      ? personName({ firstName: row.firstName ?? '', lastName: row.lastName ?? '' })
      : null,
    brand_name: row.clientName,
    name: row.clientName,
    is_broker: row.isBroker,
    is_partner: row.isPartner,
  }
}

/** A network row as an entry; `members` are a partner's dealers. */
export function networkEntryView(
  row: NetworkRow,
  members: { user_id: string; user_name: string }[] = [],
): NetworkEntry {
  const partner = row.kind === 'partner'
  return {
    id: row.id,
    kind: row.kind,
    is_partner: partner,
    offline_record: !partner,
    client_id: partner ? row.id : null,
    name: row.name,
    brand_name: partner ? row.name : null,
    nsccl_code: row.nscclCode,
    iccl_code: row.icclCode,
    is_broker: row.isBroker,
    contact_name: row.contactName,
    email: row.email,
    mobile: row.mobile,
    members: partner ? members : [],
    created_at: row.createdAt.toISOString(),
  }
}

/** An offline record as a network entry. */
export function offlineEntryView(row: OfflineRecordRow): NetworkEntry {
  return networkEntryView({ ...row, id: row.id, kind: 'offline', isBroker: false })
}

type UserRow = Awaited<ReturnType<typeof usersOf>>[number]

/**
 * A user of a client. `own`: the caller's client (every field); otherwise e-mail, roles and trade
 * access stay private.
 */
export function clientUserView(
  row: UserRow,
  callerId: string,
  own: boolean,
  permissionsOf: PermissionsOf,
): ClientUser {
  return {
    user_id: row.id,
    client_id: row.clientId,
    user_name: personName(row),
    first_name: row.firstName,
    last_name: row.lastName,
    email: own ? row.email : null,
    roles: own ? row.roles : null,
    is_active: row.isActive,
    can_trade: own
      ? permissionsOf({
          roles: row.roles,
          tier: row.tier,
          rfqExchanges: row.rfqExchanges,
        }).includes(PERMISSIONS.canTrade)
      : null,
    is_self: row.id === callerId,
  }
}
