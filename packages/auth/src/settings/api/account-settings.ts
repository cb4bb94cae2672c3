// What a user or an Ops Admin saves on their account: the clearing corporations' credentials
// (`POST api/client/credentials/`) and the user's security preferences
// (`POST api/chatter/user/security-preference`). Their state is part of the session record, which
// lives outside the cache: the pages reload the session after saving.
import { baseApi } from '@bonds/api-client'
import type { credentialsRequestSchema } from '@bonds/domain'
import { type SecurityPreference } from '@bonds/domain'

/** The body of a credentials request (`credentialsRequestSchema`'s output). */
export type CredentialsBody = NonNullable<
  ReturnType<typeof credentialsRequestSchema.safeParse>['data']
>

/** The account settings endpoints. */
export const accountSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Store a clearing corporation's login, encrypted (silent: the form shows field messages). */
    saveCredentials: build.mutation<unknown, CredentialsBody>({
      query: (body) => ({ url: 'api/client/credentials/', method: 'POST', body, silent: true }),
    }),
    /** Turn one security preference on or off (a failure shows the error toast). */
    saveSecurityPreference: build.mutation<unknown, Partial<Record<SecurityPreference, boolean>>>({
      query: (preferences) => ({
        url: 'api/chatter/user/security-preference',
        method: 'POST',
        body: { preferences },
      }),
    }),
  }),
})

export const { useSaveCredentialsMutation, useSaveSecurityPreferenceMutation } = accountSettingsApi
