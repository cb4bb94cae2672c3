// The parser's contract: what it reads from desk chat, and the bond lookup it is given.

/** A side of a quote: BID (to buy) or ASK (an offer, to sell). */
export type QuoteSide = 'BID' | 'ASK'

/** A bond of the universe as the parser needs it (a finstrument row, trimmed). */
export interface BondCandidate {
  /** The finstrument id (today the ISIN). */
  id: string
  isin: string
  displayName: string
  issuer: string
  /** The universe's security type: GSEC, SDL, TBILL, CORPORATE, PSU, BANK, TAX_FREE… */
  securityType: string
  /** Coupon as a fraction (0.0718), null when unknown. */
  couponRate: number | null
  /** ISO date, null when unknown. */
  maturityDate: string | null
  /** The state of an SDL ("Maharashtra"), else null. */
  state: string | null
  /** Rupees of face value per unit (100 for government securities). */
  faceValue: number
}

/**
 * What the parser asks the universe: one ISIN, or the live bonds with a coupon (in percent, within
 * ±0.005, so "7.93" finds 7.9265%) and/or a maturity year. At least one field is set.
 */
export interface BondLookup {
  isin?: string
  couponPercent?: number
  maturityYear?: number
}

/** The universe, injected: the server's is the database, tests' a fixture of real rows. */
export interface BondResolver {
  /** Live (available, not matured) bonds matching the lookup; order does not matter. */
  lookup(query: BondLookup): Promise<readonly BondCandidate[]>
}

/** One quote read from chat. */
export interface ChatQuote {
  /** The resolved bond, or null when the text does not name one bond of the universe. */
  isin: string | null
  finstrumentId: string | null
  /** The resolved bond's name, for a confirm line ("7.18% GS 2033"). */
  displayName: string | null
  quoteType: QuoteSide
  /** Yield as a fraction (6 decimals), or null when the quote is a price. */
  yield: number | null
  /** Clean price per ₹100 of face value (4 decimals), or null when the quote is a yield. */
  price: number | null
  /** Rupees of face value, or null when the text gives no size. */
  quantum: number | null
  /** T+0 or T+1, else null. */
  settlementDelta: 0 | 1 | null
  /** How sure the reading is, 0–1. */
  confidence: number
  /** Confident enough to join the private run without asking. */
  auto: boolean
  /** The 1-based line of the message the quote came from, and that line. */
  line: number
  source: string
  /** Why the confidence is below 1, in words (empty when it is 1). */
  doubts: string[]
}
