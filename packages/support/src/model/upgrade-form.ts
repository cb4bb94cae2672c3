// What the upgrade request and its filing share (upgrade.ts, upgrade-request.ts).
import type { AppStore } from '@bonds/api-client'
import type { LoggedInUser, TicketFormType } from '@bonds/domain'

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
