// The 402 screen's "Request Upgrade" (spec section 2): an access-request ticket for the page's
// feature (inventory has its own form type), or the open one already on file (decision 086). The
// app hands this to its router; it files through the support endpoints like every other ticket.
import type { AppStore } from '@bonds/api-client'
import {
  SUPPORT_MESSAGES,
  SUPPORT_TICKET_TYPES,
  type LoggedInUser,
  type TicketFormType,
} from '@bonds/domain'
import { toast, type UpgradeRequestOutcome } from '@bonds/ui-kit'
import { supportApi } from '../api/support.ts'
import { ticketFailureText } from './texts.ts'

/** The ticket form an upgrade request uses: inventory has its own (spec section 2). */
export function upgradeFormType(path: string): TicketFormType {
  return path === '/inventory' || path.startsWith('/inventory?') || path.startsWith('/inventory/')
    ? 'INVENTORY_ACCESS'
    : 'REQUEST_ACCESS'
}

/** What an upgrade request needs: the app's store and the signed-in user (once known). */
export interface UpgradeRequestDeps {
  store: AppStore
  user: () => Promise<LoggedInUser | null>
  /** Where the success and failure texts go (ui-kit's toasts by default). */
  notify?: (severity: 'success' | 'error', text: string) => void
}

const toastNotify = (severity: 'success' | 'error', text: string) =>
  void toast.show({ severity, summary: '', detail: text })

/** The 402 screen's "Request Upgrade" for an app: files (or finds) the request for a path. */
export function createUpgradeRequest({ store, user, notify = toastNotify }: UpgradeRequestDeps) {
  return async (path: string): Promise<UpgradeRequestOutcome | undefined> => {
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
}
