// PATCH api/trade/members/{id}/ {is_active}: a desk member's standing in the network. An inactive
// member is hidden from counterparties' searches and partner lists and cannot act for the desk
// (agents); their account, roles and sign-in are untouched. An Ops Admin sets any member of the
// client; a Dealer only themselves (away from the desk and back). Decision 154.
import type { ClientUser, MemberUpdate } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { isId, notFound, type NetworkContext } from '../context.ts'
import { audit } from '../repo.ts'
import { setMemberActive, usersOf } from '../desk-repo.ts'
import { clientUserView } from '../views.ts'

/** Only an Ops Admin changes another member's standing. */
export const OTHER_MEMBER = 'Only an Ops Admin can change another member'

/** Set a desk member active or inactive in the network. */
export async function updateMember(
  context: NetworkContext,
  caller: AuthUser,
  id: string,
  body: MemberUpdate,
  ip?: string,
): Promise<ClientUser> {
  const { db } = context
  const [member] = isId(id) ? await usersOf(db, caller.clientId, { userId: id }) : []
  if (!member) throw notFound('Member not found')
  if (member.id !== caller.id && !caller.roles.includes('clientopsadmin')) {
    throw new HttpError(403, OTHER_MEMBER)
  }
  await context.transact(async (tx, events) => {
    await setMemberActive(tx, {
      userId: member.id,
      isActive: body.is_active,
      updatedBy: caller.id,
      updatedAt: context.now(),
    })
    await audit(tx, {
      actor: caller.id,
      action: 'network_member_updated',
      ip,
      detail: { member: member.id, is_active: body.is_active },
    })
    await events.changed(caller.clientId)
  })
  return clientUserView(
    { ...member, isActive: body.is_active },
    caller.id,
    true,
    context.permissionsOf,
  )
}
