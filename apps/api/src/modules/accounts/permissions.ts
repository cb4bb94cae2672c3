// The data permissions a user holds, from roles and the client (docs/decisions/080).
import { PERMISSIONS, TRADING_ROLES } from '@bonds/domain'

/** The facts permissions depend on. */
export interface PermissionFacts {
  roles: readonly string[]
  tier: string
  rfqExchanges: readonly string[]
}

const has = (roles: readonly string[], wanted: readonly string[]) =>
  roles.some((role) => wanted.includes(role))

/** Permissions of a signed-in user. */
export function permissionsOf({ roles, tier, rfqExchanges }: PermissionFacts): string[] {
  const trading = has(roles, TRADING_ROLES)
  const permissions: string[] = [PERMISSIONS.securityDataAccess]
  if (trading || roles.includes('clientopsadmin')) permissions.push(PERMISSIONS.viewClient)
  if (roles.includes('clientdealer') && rfqExchanges.length > 0) {
    permissions.push(PERMISSIONS.canTrade)
    // The price-override role (spec section 6, unnamed): a PREMIUM firm's dealers (decision 260).
    if (tier === 'PREMIUM') permissions.push(PERMISSIONS.priceOverride)
  }
  if (trading && tier === 'PREMIUM') permissions.push(PERMISSIONS.inventoryAccess)
  return permissions
}
