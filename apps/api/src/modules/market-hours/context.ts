// What the market-hours use cases run with.

/** The clock the market's hours are read from (the server's; tests fix it). */
export interface MarketHoursContext {
  now: () => Date
}
