// @bonds/trading: market depth, the RFQ quotes and public runs tabs, and the quote form in the
// workspace (issue 21). The screens an app composes; endpoints, models and constants stay inside.

/** Market depth: a bond's live bids and offers (`GET api/quote/depth/`), as a workspace panel. */
export { MarketDepthPanel } from './depth/market-depth-panel.tsx'
export type { MarketDepthPanelProps } from './depth/market-depth-panel.tsx'
/** The RFQ quotes tab: the market's live quotes, quote entry, negotiation, accept and close. */
export { RfqQuotesTab } from './rfq/rfq-quotes-tab.tsx'
export type { RfqQuotesTabProps } from './rfq/rfq-quotes-tab.tsx'
/** The Public runs tab: best bid and offer per bond, and accepting one's clusters. */
export { PublicRunsTab } from './public-runs/public-runs-tab.tsx'
export type { PublicRunsTabProps } from './public-runs/public-runs-tab.tsx'
/** The quote entry form (yield or price, T+n or a date, crores, validity), for other trading screens. */
export { QuoteForm } from './quote-form/quote-form.tsx'
export type { QuoteFormBond, QuoteFormProps } from './quote-form/quote-form.tsx'
/** A quote draft into the EOI create payload, checked by the domain schema. */
export { emptyDraft, quotePayload } from './quote-form/quote-payload.ts'
export type { QuoteDraft } from './quote-form/quote-payload.ts'
/** Post an EOI (`POST api/trade/eoi/`) from another trading screen. */
export { usePostQuoteMutation } from './rfq/api.ts'

/** The Private runs tab: quotes read from the user's chats, confirm, correct, send to RFQ. */
export { PrivateRunsTab } from './private-runs/private-runs-tab.tsx'
export type { PrivateRunsTabProps } from './private-runs/private-runs-tab.tsx'
