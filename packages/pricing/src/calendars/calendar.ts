// Settlement holiday calendars as data (bond-math.md §4): each with its source and the years it
// covers, complete or partial. Weekends are not listed; settlementDate skips them anyway.

/** A settlement holiday calendar for one segment, with where its dates come from. */
export interface HolidayCalendar {
  name: string
  /** The conventions whose trades settle on this calendar. */
  conventions: readonly ('GSEC' | 'TBILL' | 'CORPORATE')[]
  source: string
  /** Years whose every weekday holiday is listed. */
  completeYears: readonly number[]
  /** Years with only the holidays we are sure of (fixed-date ones and Good Friday). */
  partialYears: readonly number[]
  /** ISO dates, ascending, with what each one is. */
  holidays: readonly { date: string; name: string }[]
}
