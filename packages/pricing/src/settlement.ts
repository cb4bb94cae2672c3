// T+n settlement over business days.
import { calendarFor } from './calendars/index.ts'
import { formatDate, parseDate } from './dates.ts'
import { PricingError } from './errors.ts'
import type { Convention } from './terms.ts'

/** The date `delta` business days after the trade date, skipping weekends and `holidays`. */
export function settlementDate(
  tradeDate: string,
  delta: number,
  holidays: readonly string[] = [],
): string {
  if (!Number.isInteger(delta) || delta < 0 || delta > 30) {
    throw new PricingError(
      'INVALID_DATE',
      'The settlement delta must be a whole number of days from 0 to 30',
    )
  }
  let day: number
  try {
    day = parseDate(tradeDate)
  } catch {
    throw new PricingError('INVALID_DATE', `Trade date is not a valid date: ${tradeDate}`)
  }
  const closed = new Set(holidays)
  let remaining = delta
  while (remaining > 0) {
    day += 1
    if (openOn(day, closed)) remaining -= 1
  }
  return formatDate(day)
}

/** A weekday that is not a holiday (`day`: days since 1970-01-01). */
function openOn(day: number, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(day * 86_400_000).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !holidays.has(formatDate(day))
}

/**
 * Whether a date is a business day on the convention's settlement calendar: not a weekend, not a
 * listed holiday (outside the years the calendar lists, weekends only, as `settlementOnCalendar`).
 */
export function isBusinessDay(convention: Convention, date: string): boolean {
  let day: number
  try {
    day = parseDate(date)
  } catch {
    throw new PricingError('INVALID_DATE', `Not a valid date: ${date}`)
  }
  return openOn(day, new Set(calendarFor(convention).holidays.map((h) => h.date)))
}

/** A settlement date on a convention's calendar, and whether that calendar is complete for it. */
export interface MarketSettlement {
  date: string
  /** False when a year involved is only partly listed: treat the date as provisional. */
  calendarComplete: boolean
}

/**
 * T+`delta` on the settlement calendar of the convention (RBI/Mumbai or NSE Clearing); a typed
 * error for a year the calendar does not cover.
 */
export function marketSettlementDate(
  convention: Convention,
  tradeDate: string,
  delta: number,
): MarketSettlement {
  const calendar = calendarFor(convention)
  const date = settlementDate(
    tradeDate,
    delta,
    calendar.holidays.map((h) => h.date),
  )
  const years = new Set([Number(tradeDate.slice(0, 4)), Number(date.slice(0, 4))])
  let complete = true
  for (const year of years) {
    if (calendar.partialYears.includes(year)) complete = false
    else if (!calendar.completeYears.includes(year))
      throw new PricingError(
        'INVALID_DATE',
        `The ${calendar.name} calendar does not cover ${year}; pass the holidays to settlementDate`,
      )
  }
  return { date, calendarComplete: complete }
}

/** Today's date in India (IST, UTC+05:30, no daylight saving) as YYYY-MM-DD. */
export function todayInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10)
}

/**
 * T+`delta` on the convention's market calendar; outside the years the calendar lists, weekends
 * only (decision 024). For callers that must always get a date (the API's default settlement,
 * the calculator).
 */
export function settlementOnCalendar(
  convention: Convention,
  tradeDate: string,
  delta: number,
): string {
  try {
    return marketSettlementDate(convention, tradeDate, delta).date
  } catch (error) {
    if (
      error instanceof PricingError &&
      error.code === 'INVALID_DATE' &&
      delta >= 0 &&
      delta <= 30
    ) {
      return settlementDate(tradeDate, delta)
    }
    throw error
  }
}
