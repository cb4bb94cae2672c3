// The 402 screen's "Request Upgrade" (spec section 2): an access-request ticket for the page's
// feature (inventory has its own form type), or the open one already on file (decision 086). The
// app hands this to its router; it files through the support endpoints like every other ticket,
// which are loaded with the first press (upgrade-request.ts), not with the app.
import { MESSAGES } from '@bonds/domain'
import { toast, type UpgradeRequestOutcome } from '@bonds/ui-kit'
import type { UpgradeRequestDeps } from './upgrade-form.ts'

export { upgradeFormType, type UpgradeRequestDeps } from './upgrade-form.ts'

const toastNotify = (severity: 'success' | 'error', text: string) =>
  void toast.show({ severity, summary: '', detail: text })

/** The 402 screen's "Request Upgrade" for an app: files (or finds) the request for a path. */
export function createUpgradeRequest({ store, user, notify = toastNotify }: UpgradeRequestDeps) {
  return async (path: string): Promise<UpgradeRequestOutcome | undefined> => {
    let file
    try {
      file = (await import('./upgrade-request.ts')).fileUpgradeRequest
    } catch {
      // The code could not be fetched (offline, or a stale build's chunk is gone).
      notify('error', MESSAGES.genericError)
      return undefined
    }
    return file({ store, user, notify }, path)
  }
}
