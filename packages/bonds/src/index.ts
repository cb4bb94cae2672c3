// @bonds/bonds: the bond search input, the screener and the security page. The surface is what the
// apps use; the parts stay inside until a second app needs them (then they are exported by name).
// Test data: `@bonds/bonds/testing`.

/** The bond search input: 3+ characters, debounced, stale requests cancelled, keyboard picks. */
export { BondSearch } from './search/bond-search.tsx'

/** The screener (filters, sort, virtualised paged results, the screen in the URL) and a bond's link. */
export { Screener, securityHref } from './screener/screener.tsx'

/** One bond's page from its id: every section, the 404 screen for an unknown id. */
export { SecurityPage } from './security/security-page.tsx'
export type { PricingReportDetails } from './security/security-detail.tsx'

/** What the session allows on the security page. */
export { securityDataAccess } from './security/access.ts'
