// A client's users and invitations (spec section 7, decisions 084 and 153): the list
// (`GET api/useraccounts/`), inviting, revoking an invitation and changing a user's roles. The
// list is tagged with both; each write invalidates what it changes, so the list shows it.
import { baseApi } from '@bonds/api-client'
import type { inviteRequestSchema } from '@bonds/domain'
import { type Role, type UserAccountRow } from '@bonds/domain'

/** The body of an invitation (`inviteRequestSchema`'s output). */
export type InviteBody = NonNullable<ReturnType<typeof inviteRequestSchema.safeParse>['data']>

/** The users endpoints. */
export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The client's users and open invitations, matching `search` (name or e-mail) when given. */
    userAccounts: build.query<UserAccountRow[], string>({
      query: (search) => ({ url: 'api/useraccounts/', query: search ? { search } : {} }),
      providesTags: [
        { type: 'User', id: 'LIST' },
        { type: 'Invitation', id: 'LIST' },
      ],
    }),
    /** Invite someone (silent: the form shows the server's field messages). */
    inviteUser: build.mutation<unknown, InviteBody>({
      query: (body) => ({ url: 'api/client/user/invite/', method: 'POST', body, silent: true }),
      invalidatesTags: [{ type: 'Invitation', id: 'LIST' }],
    }),
    /** Revoke an open invitation (a failure shows the error toast). */
    revokeInvitation: build.mutation<unknown, string>({
      query: (inviteeId) => ({
        url: 'api/client/user/invite/revoke/',
        method: 'POST',
        body: { invitee_id: inviteeId },
      }),
      invalidatesTags: [{ type: 'Invitation', id: 'LIST' }],
    }),
    /** Set a user's roles (silent: the dialog shows the server's refusal). */
    updateUserRoles: build.mutation<unknown, { userId: string; roles: Role[] }>({
      query: ({ userId, roles }) => ({
        url: 'api/client/user/',
        method: 'PUT',
        body: { user_id: userId, roles },
        silent: true,
      }),
      invalidatesTags: (_answer, _error, { userId }) => [
        { type: 'User', id: 'LIST' },
        { type: 'User', id: userId },
      ],
    }),
  }),
})

export const {
  useUserAccountsQuery,
  useInviteUserMutation,
  useRevokeInvitationMutation,
  useUpdateUserRolesMutation,
} = usersApi
