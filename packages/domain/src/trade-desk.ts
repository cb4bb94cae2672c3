// The trade desk's constants (decisions 155–156), apart from its schemas (schemas/trade-desk.ts)
// so the workspace's first load takes them without zod (decision 342).
/** The market's session in IST (decision 155). */
export const MARKET_HOURS_IST = { open: '09:00', close: '17:00' } as const

/**
 * Shown to a user without client.can_trade (spec section 6; the spec does not give the text,
 * decision 156).
 */
export const TRADE_RESTRICTION_TEXT =
  'Your account cannot trade, so live quotes and runs are not shown. Trading is open ' +
  `${MARKET_HOURS_IST.open}–${MARKET_HOURS_IST.close} IST, Monday to Friday, except RBI/Mumbai ` +
  'holidays, to dealers whose firm has trade access. To trade, ask your administrator to request ' +
  'trade access.'
