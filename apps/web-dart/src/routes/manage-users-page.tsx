// /manage-users (Ops Admin): the firm's users and invitations (`@bonds/auth`), then the support
// tickets its people filed (`@bonds/support`; decision 230).
import { ManageUsersPage } from '@bonds/auth/settings'
import { FirmSupportTickets } from '@bonds/support'

/** /manage-users: users and invitations, then the firm's support tickets. */
export function Page() {
  return (
    <ManageUsersPage>
      <FirmSupportTickets />
    </ManageUsersPage>
  )
}
