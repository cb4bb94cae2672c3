// Today's date and the time of day on India's clock (UTC+05:30, no daylight saving), for a form's
// defaults whatever the machine's time zone, and the settlement date a new ticket starts with.
import { MARKET_HOURS_IST } from '@bonds/domain'
import { isBusinessDay, settlementOnCalendar, type Convention } from '@bonds/pricing'

/** YYYY-MM-DD and HH:MM in India at `at`. */
export function indiaNow(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + 330 * 60_000).toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) }
}

/** A new ticket's first settlement date, and why it is not today when it is not. */
export interface DefaultSettlement {
  date: string
  /** Said under the field when the date is not today; null when it is today. */
  note: string | null
}

/**
 * The settlement date a ticket made at `at` starts with: today (T+0) on a settlement day before
 * the market's close (17:00 IST), else the next settlement day on the calendar of `convention`
 * (G-secs by default: RBI/Mumbai), saying why.
 */
export function defaultSettlement(at: Date, convention: Convention = 'GSEC'): DefaultSettlement {
  const now = indiaNow(at)
  if (!isBusinessDay(convention, now.date)) {
    // T+1 counts the next open day: the first settlement day after today.
    const date = settlementOnCalendar(convention, now.date, 1)
    return { date, note: `Today is not a settlement day: the next one is ${date}.` }
  }
  if (now.time >= MARKET_HOURS_IST.close) {
    const date = settlementOnCalendar(convention, now.date, 1)
    return {
      date,
      note: `After the market’s close (${MARKET_HOURS_IST.close} IST) a new ticket settles on the next settlement day, ${date}.`,
    }
  }
  return { date: now.date, note: null }
}
