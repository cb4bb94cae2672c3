// The error screen's layout, apart from the screen: the router picks it at once, the screen itself
// is loaded when an error first shows (issue 21).
import type { LayoutName } from '@bonds/domain'

/** The layout an error screen uses: the route's, else dart when logged in, else nofooter. */
export function errorScreenLayout(
  routeLayout: LayoutName | undefined,
  loggedIn: boolean,
): LayoutName {
  return routeLayout ?? (loggedIn ? 'dart' : 'nofooter')
}
