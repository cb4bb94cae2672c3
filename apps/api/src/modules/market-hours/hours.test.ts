// The market's hours by the clock: open, before the open, after the close, a weekend, a holiday,
// and the next open across a holiday, on the RBI/Mumbai calendar.
import { describe, expect, it } from 'vitest'
import { hoursMessage, istInstant, marketHours } from './hours.ts'

const at = (date: string, time: string) => marketHours(istInstant(date, time))
const iso = (date: string, time: string) => istInstant(date, time).toISOString()

describe('market hours (IST, RBI/Mumbai calendar)', () => {
  it('is open on a business day from 09:00 until before 17:00', () => {
    const hours = at('2026-11-25', '10:30') // a Wednesday
    expect(hours).toMatchObject({ today: '2026-11-25', isBusinessDay: true, isOpen: true })
    expect(hours.nextClose.toISOString()).toBe(iso('2026-11-25', '17:00'))
    expect(hours.nextOpen.toISOString()).toBe(iso('2026-11-26', '09:00'))
    expect(hoursMessage(hours)).toBe('The market is open until 17:00 IST.')
    expect(at('2026-11-25', '09:00').isOpen).toBe(true)
    expect(at('2026-11-25', '16:59').isOpen).toBe(true)
  })

  it('is closed before the open and from the close', () => {
    const early = at('2026-11-25', '08:59')
    expect(early.isOpen).toBe(false)
    expect(early.nextOpen.toISOString()).toBe(iso('2026-11-25', '09:00'))
    expect(early.nextClose.toISOString()).toBe(iso('2026-11-25', '17:00'))
    expect(hoursMessage(early)).toBe('The market is closed. It opens today at 09:00 IST.')
    const late = at('2026-11-25', '17:00')
    expect(late.isOpen).toBe(false)
    expect(late.nextOpen.toISOString()).toBe(iso('2026-11-26', '09:00'))
    expect(hoursMessage(late)).toBe('The market is closed. It opens tomorrow at 09:00 IST.')
  })

  it('reads the day in IST, not UTC', () => {
    // 23:00 UTC on Friday is 04:30 on Saturday in Mumbai.
    const hours = marketHours(new Date('2026-11-27T23:00:00Z'))
    expect(hours.today).toBe('2026-11-28')
    expect(hours.isBusinessDay).toBe(false)
  })

  it('is closed at the weekend and opens on Monday', () => {
    const saturday = at('2026-11-28', '11:00')
    expect(saturday).toMatchObject({ isBusinessDay: false, holiday: null, isOpen: false })
    expect(saturday.nextOpen.toISOString()).toBe(iso('2026-11-30', '09:00'))
    expect(saturday.nextClose.toISOString()).toBe(iso('2026-11-30', '17:00'))
    expect(hoursMessage(saturday)).toBe(
      'The market is closed. It opens on Monday, 30 November at 09:00 IST.',
    )
  })

  it('is closed on a holiday, which it names', () => {
    const gandhiJayanti = at('2026-10-02', '11:00') // a Friday
    expect(gandhiJayanti).toMatchObject({
      isBusinessDay: false,
      holiday: 'Mahatma Gandhi Jayanti',
      isOpen: false,
      calendarComplete: false,
    })
    expect(gandhiJayanti.nextOpen.toISOString()).toBe(iso('2026-10-05', '09:00'))
    expect(hoursMessage(gandhiJayanti)).toBe(
      'The market is closed today (Mahatma Gandhi Jayanti). It opens on Monday, 5 October at 09:00 IST.',
    )
  })

  it('skips a holiday and the weekend after it for the next open', () => {
    // Thursday evening before Christmas (Friday): the next session is Monday's.
    const hours = at('2026-12-24', '18:00')
    expect(hours.nextOpen.toISOString()).toBe(iso('2026-12-28', '09:00'))
    expect(hours.nextClose.toISOString()).toBe(iso('2026-12-28', '17:00'))
    // Diwali 2025: two holidays in a row (Tuesday and Wednesday), a complete year.
    const diwali = at('2025-10-20', '17:30')
    expect(diwali.calendarComplete).toBe(true)
    expect(diwali.nextOpen.toISOString()).toBe(iso('2025-10-23', '09:00'))
  })
})
