// T+n settlement over business days.
import { formatDate, parseDate } from './dates.ts'
import { PricingError } from './errors.ts'

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
  const isBusinessDay = (d: number) => {
    const weekday = new Date(d * 86_400_000).getUTCDay()
    return weekday !== 0 && weekday !== 6 && !closed.has(formatDate(d))
  }
  let remaining = delta
  while (remaining > 0) {
    day += 1
    if (isBusinessDay(day)) remaining -= 1
  }
  return formatDate(day)
}
