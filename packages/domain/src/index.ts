export { APP_BASES, APP_NAMES, ERROR_SCREEN_STATUSES, LAYOUT_NAMES } from './app-shell.ts'
export type { AppName, ErrorScreenStatus, LayoutName } from './app-shell.ts'
export { PERMISSIONS, ROLE_DISPLAY_NAMES, ROLES, TRADING_ROLES } from './routing/roles.ts'
export type { Permission, Role } from './routing/roles.ts'
export {
  checkRouteAccess,
  landingPath,
  loginPath,
  matchRoute,
  ROUTES,
} from './routing/route-table.ts'
export type {
  RouteAccess,
  RouteAccessResult,
  RouteDefinition,
  RouteMatch,
  RouteUser,
} from './routing/route-table.ts'
