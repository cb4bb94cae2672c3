// The find app's API client: same origin, tokens shared by the four apps, errors as toasts.
import { createApiClient, createLocalStorageTokenStore } from '@bonds/api-client'
import { toast } from '@bonds/ui-kit'

const tokens = createLocalStorageTokenStore()

/** The one client of the app. */
export const api = createApiClient({
  baseUrl: '/',
  tokens,
  endpoints: { refresh: 'api/token/refresh/' },
  onLogout: () => tokens.clear(),
  notify: (notice) => {
    toast.show({ severity: notice.severity, summary: notice.summary ?? '', detail: notice.detail })
  },
})
