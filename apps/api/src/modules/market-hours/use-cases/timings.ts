// GET api/trade/timings: the market's hours now (the server's clock, IST) and, for a caller
// without client.can_trade, the trade-timing restriction text (spec section 6; decisions 155, 156).
import {
  PERMISSIONS,
  TRADE_RESTRICTION_TEXT,
  MARKET_HOURS_IST,
  type TradeTimings,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { MarketHoursContext } from '../context.ts'
import { hoursMessage, MARKET_CALENDAR, marketHours } from '../hours.ts'

/** The market's hours for the caller. */
export function timings({ now }: MarketHoursContext, caller: AuthUser): TradeTimings {
  const at = now()
  const hours = marketHours(at)
  const canTrade = caller.permissions.includes(PERMISSIONS.canTrade)
  return {
    timezone: 'Asia/Kolkata',
    calendar: MARKET_CALENDAR.name,
    calendar_complete: hours.calendarComplete,
    now: at.toISOString(),
    today: hours.today,
    open_time: MARKET_HOURS_IST.open,
    close_time: MARKET_HOURS_IST.close,
    is_business_day: hours.isBusinessDay,
    holiday: hours.holiday,
    is_open: hours.isOpen,
    next_open: hours.nextOpen.toISOString(),
    next_close: hours.nextClose.toISOString(),
    message: hoursMessage(hours),
    can_trade: canTrade,
    restriction: canTrade ? null : TRADE_RESTRICTION_TEXT,
  }
}
