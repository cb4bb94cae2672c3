// The settlement calendars by convention.
import type { Convention } from '../terms.ts'
import type { HolidayCalendar } from './calendar.ts'
import { NSE_CLEARING, RBI_MUMBAI } from './mumbai-2025-2027.ts'

/** The settlement calendar of a convention: RBI/Mumbai for G-secs and T-bills, NSE Clearing else. */
export function calendarFor(convention: Convention): HolidayCalendar {
  return convention === 'CORPORATE' ? NSE_CLEARING : RBI_MUMBAI
}

/** The holiday dates of a convention's settlement calendar, for `settlementDate`. */
export function holidaysFor(convention: Convention): string[] {
  return calendarFor(convention).holidays.map((h) => h.date)
}

export type { HolidayCalendar }
export { NSE_CLEARING, RBI_MUMBAI }
