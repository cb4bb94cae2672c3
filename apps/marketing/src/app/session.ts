// The app's API client and session, over the tokens the four apps share; notices become toasts.
import { createAppSession } from '@bonds/auth'

/** The one API client, session and route guard of the app. */
export const appSession = createAppSession()

/** The app's API client and session, for its pages. */
export const { api, session } = appSession
