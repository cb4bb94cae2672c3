// Names shared by the route table, the layouts of ui-kit and the server's SPA fallback.

/** The four web apps; each owns the routes the route table gives it. */
export const APP_NAMES = ['marketing', 'find', 'dart', 'mind'] as const
/** One of the four web apps. */
export type AppName = (typeof APP_NAMES)[number]

/** Public path each app's built assets are served under. */
export const APP_BASES: Readonly<Record<AppName, string>> = {
  marketing: '/',
  find: '/find/',
  dart: '/dart/',
  mind: '/mind/',
}

/** The eleven layouts of spec section 2. */
export const LAYOUT_NAMES = [
  'bare',
  'dart',
  'default',
  'independentblue',
  'mind',
  'nofooter',
  'noheader',
  'productdart',
  'productfind',
  'productmind',
  'settings',
] as const
/** One of the eleven layouts a route can pick. */
export type LayoutName = (typeof LAYOUT_NAMES)[number]

/** Statuses the error screen distinguishes (spec section 2); any other number is "other". */
export const ERROR_SCREEN_STATUSES = [410, 404, 500, 401, 402, 200] as const
/** A status the error screen renders. */
export type ErrorScreenStatus = number
