// An invitation (spec section 7, decision 084): `POST api/client/user/invite/validate/`, whether a
// code can still be used and whom it invites, and `POST api/client/register/`, the registration
// it leads to. Silent: the registration screen shows what went wrong in place.
import { baseApi } from '@bonds/api-client'
import type { InviteInfo, InviteRegistration } from '@bonds/domain'
import { AUTH_ENDPOINTS } from '../session.ts'

/** The invitation endpoints. */
export const invitationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Whom an invitation code invites (4xx: it cannot be used). */
    validateInvite: build.query<InviteInfo, string>({
      query: (code) => ({
        url: AUTH_ENDPOINTS.validateInvite,
        method: 'POST',
        body: { invite_code: code },
        silent: true,
      }),
      providesTags: (_invite, _error, code) => [{ type: 'Invitation', id: code }],
    }),
    /**
     * Register with an invitation. Its check is not invalidated: the screen signs in and leaves,
     * and a check asked again would call the used invitation invalid under it.
     */
    register: build.mutation<unknown, InviteRegistration>({
      query: (body) => ({ url: AUTH_ENDPOINTS.register, method: 'POST', body, silent: true }),
    }),
  }),
})

/** Check an invitation code; register with it. */
export const { useValidateInviteQuery, useRegisterMutation } = invitationApi
