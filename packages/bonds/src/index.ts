// @bonds/bonds: the bond search input, the screener and the security detail components.
export {}

// Bond search (spec section 2): src/search/
/** The bond search input: 3+ characters, debounced, stale requests cancelled, keyboard picks. */
export { BondSearch } from './search/bond-search.tsx'
export type { BondSearchProps } from './search/bond-search.tsx'
/** The search behind the input (the input reports its text; no render per keystroke). */
export { searchQuery, useBondSearch } from './search/use-bond-search.ts'
export type {
  BondSearchHandle,
  BondSearchState,
  BondSearchStatus,
} from './search/use-bond-search.ts'
/** `GET api/trade/finstrument/`: bonds matching a query (available ones only). */
export { searchBonds } from './search/api.ts'
/** A search result's selectability and suffix label (matured, unlisted, disabled by ISIN). */
export {
  bondSearchItem,
  DISABLED_LABEL,
  MATURED_LABEL,
  UNLISTED_LABEL,
} from './search/search-item.ts'
export type { BondDisabledCheck, BondSearchItem } from './search/search-item.ts'

// Screener (spec section 3, "Other filters"): src/screener/
/** Filters, sort and the virtualised, paged results, with the screen in the URL. */
export { Screener, securityHref, useScreenParams } from './screener/screener.tsx'
export type { ScreenerProps } from './screener/screener.tsx'
/** The parts, for pages that lay them out their own way. */
export { ScreenFilters } from './screener/screen-filters.tsx'
export type { ScreenFiltersProps } from './screener/screen-filters.tsx'
export { ScreenTable } from './screener/screen-table.tsx'
export type { ScreenTableProps } from './screener/screen-table.tsx'
export { screenTotal, useCategoryCounts, useScreenResults } from './screener/use-screen.ts'
export type { CategoryCountsState, ScreenResults } from './screener/use-screen.ts'
/** A screen and its search params (shareable URLs), and the request bodies it makes. */
export {
  categoriesRequest,
  DEFAULT_SORT,
  EMPTY_SCREEN,
  readScreen,
  screenRequest,
  writeScreen,
} from './screener/screen-state.ts'
export type { ScreenState } from './screener/screen-state.ts'
/** `POST api/client-finstrument-list/` and `POST api/categories/`. */
export { bondCategories, listBonds } from './screener/api.ts'
export type { CategoriesRequest, CategoryCounts, ScreenRequest } from './screener/api.ts'
/** Words for categories, values, operators and filters. */
export { CATEGORY_LABELS, filterText, OPERATOR_LABELS, valueLabel } from './screener/labels.ts'

// Security detail (/security/{id}): src/security/
/** One bond's page from its id: every section, the 404 screen for an unknown id. */
export { SecurityPage, SecurityPageLoading } from './security/security-page.tsx'
export type { SecurityPageLoadingProps, SecurityPageProps } from './security/security-page.tsx'
/** Every section of one loaded bond's page. */
export { SecurityDetail } from './security/security-detail.tsx'
export type { SecurityDetailProps } from './security/security-detail.tsx'
/** What the session allows on the security page, and the sign-in link back to it. */
export { securityDataAccess, signInHref } from './security/access.ts'
export type { SecurityDataAccess, SecuritySessionState } from './security/access.ts'
/** The security page's calls over the app's API client. */
export { securityApi } from './security/api.ts'
export type { SecurityApi, TradeQuery } from './security/api.ts'
/** The sections, for pages that compose their own (dart). */
export { SecurityTerms } from './security/security-terms.tsx'
export { SecurityCalculator } from './security/security-calculator.tsx'
export type { SecurityCalculatorProps } from './security/security-calculator.tsx'
/** The market's level beside the calculator (best live offer, last trade or disclosed yield). */
export { MarketLevel, marketLevelSource, useMarketQuote } from './security/market-level.tsx'
export type { MarketLevelChoice, MarketLevelProps } from './security/market-level.tsx'
export { CashflowSection } from './security/cashflow-section.tsx'
export type { CashflowSectionProps } from './security/cashflow-section.tsx'
export { CashflowChart } from './security/cashflow-chart.tsx'
export type { Cashflow, CashflowChartProps } from './security/cashflow-chart.tsx'
export { SameIssuerBonds } from './security/same-issuer-bonds.tsx'
export type { SameIssuerBondsProps } from './security/same-issuer-bonds.tsx'
export { TradeHistory } from './security/trade-history.tsx'
export type { TradeHistoryProps } from './security/trade-history.tsx'
export { CreditRationale } from './security/credit-rationale.tsx'
export type { CreditRationaleProps } from './security/credit-rationale.tsx'
export { SecurityDownloads } from './security/security-downloads.tsx'
export type { SecurityDownloadsProps } from './security/security-downloads.tsx'
export { GatedSection } from './security/gated-section.tsx'
export type { GatedSectionProps } from './security/gated-section.tsx'
/** Terms as shown and as priced; the calculator's settlement and the PDFs' inputs. */
export { couponPercent, termsOf } from './security/terms.ts'
export { DEFAULT_SETTLEMENT, documentRequest, resolveSettlement } from './security/settlement.ts'
export type { SettlementChoice } from './security/settlement.ts'
