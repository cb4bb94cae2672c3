// `@bonds/bonds/testing`: the bonds the endpoints answer, as data, for tests of apps that compose
// this package's screens (so they stop restating them). Render helpers stay inside the package.
export { bondSummary, corporateBonds, SEARCH_RESULTS } from './finstruments.ts'
export {
  bondInfo,
  cashflowAnswer,
  corporateInfo,
  DISCLOSED_YIELD,
  floatingInfo,
  LIVE_OFFER,
  NO_MARKET_QUOTE,
  tradePage,
} from '../security/testing/fixtures.ts'
