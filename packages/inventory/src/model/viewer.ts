// What the page offers whom: Dealers and Back Office change the book, a Dealer with trade access
// offers from it, a Trade Viewer reads (decision 271; the server checks again).
import { PERMISSIONS, type LoggedInUser } from '@bonds/domain'

/** The page's abilities for the signed-in user. */
export function inventoryViewer(user: LoggedInUser | null): {
  canEdit: boolean
  canOffer: boolean
} {
  const roles = user?.user_info.roles ?? []
  return {
    canEdit: roles.includes('clientdealer') || roles.includes('backoffice'),
    canOffer:
      roles.includes('clientdealer') && (user?.permissions ?? []).includes(PERMISSIONS.canTrade),
  }
}
