// The market's hours on the RBI/Mumbai calendar (pure): a session 09:00–17:00 IST on each business
// day (not a weekend, not a listed holiday), whether it is under way at an instant, and when the
// market next opens and closes (docs/decisions/155).
import { MARKET_HOURS_IST } from '@bonds/domain'
import { isBusinessDay, RBI_MUMBAI, todayInIndia } from '@bonds/pricing'

/** The calendar the market's sessions follow. */
export const MARKET_CALENDAR = RBI_MUMBAI

/** Days ahead searched for the next session (far more than any run of holidays). */
const LOOKAHEAD_DAYS = 60

/** The instant of a wall-clock time (HH:MM) on a date in India (UTC+05:30, no daylight saving). */
export function istInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+05:30`)
}

/** The calendar date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
}

/** The market's state at an instant. */
export interface MarketHours {
  /** Today in IST. */
  today: string
  isBusinessDay: boolean
  /** Today's holiday, when it is one. */
  holiday: string | null
  isOpen: boolean
  /** The next opening after the instant. */
  nextOpen: Date
  /** The close of the session under way, else of the next session. */
  nextClose: Date
  /** Whether today's year lists every holiday (else the calendar is provisional). */
  calendarComplete: boolean
}

const sessionOf = (date: string) => ({
  open: istInstant(date, MARKET_HOURS_IST.open),
  close: istInstant(date, MARKET_HOURS_IST.close),
})

/** The market's hours at `now`. */
export function marketHours(now: Date): MarketHours {
  const today = todayInIndia(now)
  const business = isBusinessDay('GSEC', today)
  const session = sessionOf(today)
  const isOpen = business && now >= session.open && now < session.close
  let day = today
  let next: { open: Date; close: Date } | null = null
  for (let i = 0; i <= LOOKAHEAD_DAYS && !next; i += 1, day = nextDate(day)) {
    const candidate = sessionOf(day)
    if (candidate.open > now && isBusinessDay('GSEC', day)) next = candidate
  }
  if (!next) throw new Error(`no business day within ${LOOKAHEAD_DAYS} days of ${today}`)
  return {
    today,
    isBusinessDay: business,
    holiday: MARKET_CALENDAR.holidays.find((h) => h.date === today)?.name ?? null,
    isOpen,
    nextOpen: next.open,
    nextClose: isOpen ? session.close : next.close,
    calendarComplete: MARKET_CALENDAR.completeYears.includes(Number(today.slice(0, 4))),
  }
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** "Monday, 28 December" for an instant, in IST. */
function dayText(at: Date): string {
  const date = todayInIndia(at)
  const d = new Date(`${date}T00:00:00Z`)
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`
}

/**
 * What the market is doing, in a sentence: "The market is open until 17:00 IST." or "The market
 * is closed today (Christmas). It opens on Monday, 28 December at 09:00 IST."
 */
export function hoursMessage(hours: MarketHours): string {
  if (hours.isOpen) return `The market is open until ${MARKET_HOURS_IST.close} IST.`
  const opensDate = todayInIndia(hours.nextOpen)
  const when =
    opensDate === hours.today
      ? 'today'
      : opensDate === nextDate(hours.today)
        ? 'tomorrow'
        : `on ${dayText(hours.nextOpen)}`
  const closed = hours.holiday
    ? `The market is closed today (${hours.holiday}).`
    : 'The market is closed.'
  return `${closed} It opens ${when} at ${MARKET_HOURS_IST.open} IST.`
}
