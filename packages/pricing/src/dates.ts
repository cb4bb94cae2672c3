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

/** Year, month (1–12) and day of a day number (civil-from-days, no Date objects). */
export function ymd(day: DayNumber): [number, number, number] {
  const z = day + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1
  const m = mp < 10 ? mp + 3 : mp - 9
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d]
}

/** The day number of a year, month (1–12) and day (days-from-civil). */
export function fromYmd(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : (MONTH_DAYS[month - 1] ?? 30)
}

/** The date `months` months away keeping the day of month (clamped to the month's length). */
export function addMonths(day: DayNumber, months: number, dayOfMonth?: number): DayNumber {
  const [y, m, d] = ymd(day)
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  const wanted = dayOfMonth ?? d
  return fromYmd(year, month, Math.min(wanted, daysInMonth(year, month)))
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
      const feb29 = fromYmd(year, 2, 29)
      if (feb29 > yearBefore && feb29 <= coupon) return 366
    }
  }
  return 365
}
