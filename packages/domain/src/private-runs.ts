// The RFQ venues' constants, apart from the private runs' schemas (schemas/private-runs.ts) so
// the workspace's first load takes them without zod (decision 342).
/** The RFQ venues of spec section 2's RFQ quotes tab ("NSE and BSE RFQ"), by exchange. */
export const RFQ_EXCHANGES = ['NSE', 'BSE'] as const
/** One RFQ venue's exchange. */
export type RfqExchange = (typeof RFQ_EXCHANGES)[number]

/** The venues' names as the screens show them. */
export const RFQ_VENUE_NAMES: Readonly<Record<RfqExchange, string>> = {
  NSE: 'NSE RFQ',
  BSE: 'BSE RFQ',
}
