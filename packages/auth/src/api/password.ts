// Passwords (spec section 7): `POST api/reset-password/` e-mails a single-use link, and
// `POST api/change-password/{userId}/` sets a new password with the link's token or, signed in,
// the current password. Silent: the forms show the server's field messages in place. Nothing in
// the cache depends on a password.
import { baseApi } from '@bonds/api-client'
import type { changePasswordSchema, resetPasswordRequestSchema } from '@bonds/domain'
import { AUTH_ENDPOINTS } from '../session.ts'

/** The body of a reset request (`resetPasswordRequestSchema`'s output). */
export type ResetPasswordBody = NonNullable<
  ReturnType<typeof resetPasswordRequestSchema.safeParse>['data']
>
/** The body of a password change (`changePasswordSchema`'s output). */
export type ChangePasswordBody = NonNullable<
  ReturnType<typeof changePasswordSchema.safeParse>['data']
>

/** The password endpoints. */
export const passwordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** E-mail a reset link; the answer's `detail` says where it went. */
    requestPasswordReset: build.mutation<{ detail: string }, ResetPasswordBody>({
      query: (body) => ({ url: AUTH_ENDPOINTS.resetPassword, method: 'POST', body, silent: true }),
    }),
    /** Set a new password for a user (every other session of theirs is signed out). */
    changePassword: build.mutation<unknown, { userId: string; body: ChangePasswordBody }>({
      query: ({ userId, body }) => ({
        url: AUTH_ENDPOINTS.changePassword(userId),
        method: 'POST',
        body,
        silent: true,
      }),
    }),
  }),
})

/** Ask for a reset link; change a password. */
export const { useRequestPasswordResetMutation, useChangePasswordMutation } = passwordApi
