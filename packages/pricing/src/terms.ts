// The public shapes of a bond's terms and of the answers (names fixed by the pricing issue).

/** Pricing convention: G-secs, SDLs and STRIPS are 'GSEC'. */
export type Convention = 'GSEC' | 'TBILL' | 'CORPORATE'

/** A bond's terms, as the pricing functions need them. */
export interface BondTerms {
  convention: Convention
  /** ISO date, scheduled (unadjusted). */
  maturityDate: string
  /** Fraction; 0 for zero coupon / STRIPS. */
  couponRate: number
  /** Coupons a year; not used for TBILL. Default 2 for GSEC; required for a coupon CORPORATE. */
  frequency?: 1 | 2 | 4 | 12
  /** Per 100 face, default 100. */
  redemption?: number
  /** Issuer's calls: the date and the price per 100 of outstanding face. */
  calls?: { date: string; price: number }[]
  /** Investor's puts: the date and the price per 100 of outstanding face. */
  puts?: { date: string; price: number }[]
  /** Staggered redemption, on coupon dates; what is left is redeemed at maturity. */
  principalRepayments?: { date: string; amountPer100: number }[]
  /**
   * Calendar days from each record date to its coupon date, when known (SEBI: at most 15). A trade
   * settling after the record date and before the coupon date is ex-interest.
   */
  recordDays?: number
  /** Floating-rate bonds cannot be priced. */
  floating?: boolean
}

/** A dated cash flow per 100 of original face. */
export interface Cashflow {
  date: string
  interest: number
  principal: number
}

/** Clean and dirty price with the accrued interest, per 100 original face. */
export interface PriceResult {
  cleanPrice: number
  dirtyPrice: number
  /** Negative when the trade is ex-interest. */
  accruedInterest: number
  /** The trade settles between a record date and its coupon: the buyer does not get that coupon. */
  exInterest: boolean
}

/** Where a yield works out to: a call or put date and the price paid there. */
export interface Workout {
  date: string
  price: number
}

/** A yield with the date it works out to. */
export interface WorkoutYield {
  yield: number
  workoutDate: string
  kind: 'maturity' | 'call' | 'put'
}
