// The account settings screens of the settings layout (spec section 2): /profile for every
// signed-in user, /manage-users and /exchange-credentials for the Ops Admin.

/** /profile: details, password, security preferences, sounds. */
export { ProfilePage } from './profile-page.tsx'
/** /manage-users (Ops Admin): users and invitations; the app may add sections below them. */
export { ManageUsersPage } from './manage-users-page.tsx'
export type { ManageUsersPageProps } from './manage-users-page.tsx'
/** /exchange-credentials (Ops Admin): the clearing corporations' logins. */
export { ExchangeCredentialsPage } from './exchange-credentials-page.tsx'
