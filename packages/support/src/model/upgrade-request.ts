// The upgrade request's filing, loaded with the first "Request Upgrade" press (upgrade.ts): the
// support endpoints and texts are not part of an app's first load (issue 21).
import { SUPPORT_MESSAGES, SUPPORT_TICKET_TYPES } from '@bonds/domain'
import type { UpgradeRequestOutcome } from '@bonds/ui-kit'
import { supportApi } from '../api/support.ts'
import { ticketFailureText } from './texts.ts'
import { upgradeFormType, type UpgradeRequestDeps } from './upgrade-form.ts'

/** File (or find) the access request for a path; toasts the outcome through `notify`. */
export async function fileUpgradeRequest(
  { store, user, notify }: Required<UpgradeRequestDeps>,
  path: string,
): Promise<UpgradeRequestOutcome | undefined> {
  const signedIn = await user()
  const info = signedIn?.user_info
  try {
    const ticket = await store
      .dispatch(
        supportApi.endpoints.createSupportTicket.initiate({
          ticket_type_id: SUPPORT_TICKET_TYPES.access.id,
          contacts: info
            ? [{ email: info.email, name: `${info.first_name} ${info.last_name}`.trim() }]
            : [],
          ticket_attributes: {
            form_type: upgradeFormType(path),
            page: path,
            client: signedIn?.name ?? null,
            client_tier: signedIn?.client_tier ?? null,
          },
        }),
      )
      .unwrap()
    // A second click is answered on the screen ("Already requested on …"), not by a toast.
    if (!ticket.already_requested) notify('success', SUPPORT_MESSAGES.success.access)
    return { requestedAt: ticket.created_at, alreadyRequested: ticket.already_requested }
  } catch (error) {
    notify('error', ticketFailureText(error))
    return undefined
  }
}
