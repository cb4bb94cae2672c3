// The app's API client and session, over the tokens the four apps share; errors become toasts.
import { createAppSession } from '@bonds/auth'
import { toast } from '@bonds/ui-kit'

/** The one API client, session and route guard of the app. */
export const { api, session, guard } = createAppSession({
  notify: (notice) =>
    void toast.show({
      severity: notice.severity,
      summary: notice.summary ?? '',
      detail: notice.detail,
    }),
})
