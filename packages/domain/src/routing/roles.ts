// Roles and permissions of spec section 6 that the route table needs.

/** Role values of spec section 3, in the spec's order. */
export const ROLES = [
  'user',
  'clientdealer',
  'clientviewer',
  'complianceofficer',
  'clientopsadmin',
  'backoffice',
  'dataviewer',
] as const
/** One role value. */
export type Role = (typeof ROLES)[number]

/** Display names of the roles (spec section 6). */
export const ROLE_DISPLAY_NAMES: Readonly<Record<Role, string>> = {
  user: 'Basic role',
  clientdealer: 'Dealer',
  clientviewer: 'Trade Viewer',
  complianceofficer: 'Compliance Officer',
  clientopsadmin: 'Ops Admin',
  backoffice: 'Back Office',
  dataviewer: 'Market Researcher',
}

/** Roles that may open /dart and /client/transactions: Dealer, Trade Viewer, Back Office. */
export const TRADING_ROLES: readonly Role[] = ['clientdealer', 'clientviewer', 'backoffice']

/** Page-level and data permissions named by the spec. */
export const PERMISSIONS = {
  inventoryAccess: 'inventory.has_inventory_access',
  securityDataAccess: 'finstruments.has_security_data_access',
  viewClient: 'client.view_client',
  canTrade: 'client.can_trade',
  /**
   * Quote a price and yield as typed, not computed from each other (the spec's price-override
   * role, unnamed there): a Dealer with trade access at a PREMIUM firm (decision 260).
   */
  priceOverride: 'eoi.price_override',
} as const
/** One permission string. */
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS]
