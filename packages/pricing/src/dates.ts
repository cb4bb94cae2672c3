// Calendar dates as whole days since 1970-01-01 (UTC), and the day counts of bond-math.md §3.

/** A calendar date as a day number (days since 1970-01-01). */
export type DayNumber = number

const MS_PER_DAY = 86_400_000
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/

/** Parse an ISO date (YYYY-MM-DD) that exists; throws a RangeError otherwise. */
export function parseDate(iso: string): DayNumber {
  const match = ISO.exec(iso)
  if (!match) throw new RangeError(`not an ISO date: ${iso}`)
  const [, y, m, d] = match
  const time = Date.UTC(Number(y), Number(m) - 1, Number(d))
  const day = time / MS_PER_DAY
  if (formatDate(day) !== iso) throw new RangeError(`not a calendar date: ${iso}`)
  return day
}

/** Format a day number as an ISO date. */
export function formatDate(day: DayNumber): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10)
}

/** Year, month (1–12) and day of a day number. */
export function ymd(day: DayNumber): [number, number, number] {
  const date = new Date(day * MS_PER_DAY)
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** The date `months` months away keeping the day of month (clamped to the month's length). */
export function addMonths(day: DayNumber, months: number, dayOfMonth?: number): DayNumber {
  const [y, m, d] = ymd(day)
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  const wanted = dayOfMonth ?? d
  return Date.UTC(year, month - 1, Math.min(wanted, daysInMonth(year, month))) / MS_PER_DAY
}

/** 30E/360 days between two dates: a 31st counts as the 30th at both ends. */
export function days30(from: DayNumber, to: DayNumber): number {
  const [y1, m1, d1] = ymd(from)
  const [y2, m2, d2] = ymd(to)
  return 360 * (y2 - y1) + 30 * (m2 - m1) + (Math.min(d2, 30) - Math.min(d1, 30))
}

/** Actual days between two dates. */
export function actualDays(from: DayNumber, to: DayNumber): number {
  return to - from
}

/** 366 when 29 February falls in (coupon − 1 year, coupon], else 365 (SEBI Actual/Actual). */
export function sebiYearDays(coupon: DayNumber): number {
  const yearBefore = addMonths(coupon, -12)
  const [y] = ymd(coupon)
  for (const year of [y - 1, y]) {
    if (daysInMonth(year, 2) === 29) {
      const feb29 = Date.UTC(year, 1, 29) / MS_PER_DAY
      if (feb29 > yearBefore && feb29 <= coupon) return 366
    }
  }
  return 365
}
