// RBI/Mumbai and NSE Clearing settlement holidays, 2025 in full and 2026–2027 in part.
import type { HolidayCalendar } from './calendar.ts'

/**
 * 2025 holidays when both the exchanges and Mumbai's banks are shut: the NSE/BSE trading holiday
 * list for 2025 (weekdays), as published by NSE and compiled in exchange_calendars' XBOM calendar.
 */
const EXCHANGE_2025 = [
  { date: '2025-02-26', name: 'Mahashivratri' },
  { date: '2025-03-14', name: 'Holi' },
  { date: '2025-03-31', name: 'Id-Ul-Fitr (Ramzan Id)' },
  { date: '2025-04-10', name: 'Shri Mahavir Jayanti' },
  { date: '2025-04-14', name: 'Dr. Baba Saheb Ambedkar Jayanti' },
  { date: '2025-04-18', name: 'Good Friday' },
  { date: '2025-05-01', name: 'Maharashtra Day' },
  { date: '2025-08-15', name: 'Independence Day' },
  { date: '2025-08-27', name: 'Ganesh Chaturthi' },
  { date: '2025-10-02', name: 'Mahatma Gandhi Jayanti / Dussehra' },
  { date: '2025-10-21', name: 'Diwali Laxmi Pujan' },
  { date: '2025-10-22', name: 'Diwali Balipratipada' },
  { date: '2025-11-05', name: 'Prakash Gurpurb Sri Guru Nanak Dev' },
  { date: '2025-12-25', name: 'Christmas' },
]

/** 2025 Negotiable Instruments Act holidays in Mumbai on which the exchanges trade. */
const BANKS_ONLY_2025 = [
  { date: '2025-02-19', name: 'Chhatrapati Shivaji Maharaj Jayanti' },
  { date: '2025-05-12', name: 'Buddha Pournima' },
]

/**
 * 2026 and 2027: only the fixed-date holidays (and Good Friday, from Easter) that fall on weekdays.
 * Lunar-calendar holidays (Holi, Id, Diwali, …) are not listed until the official lists are copied
 * in: these years are partial.
 */
const FIXED_2026_2027 = [
  { date: '2026-01-26', name: 'Republic Day' },
  { date: '2026-02-19', name: 'Chhatrapati Shivaji Maharaj Jayanti' },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-04-14', name: 'Dr. Baba Saheb Ambedkar Jayanti' },
  { date: '2026-05-01', name: 'Maharashtra Day' },
  { date: '2026-10-02', name: 'Mahatma Gandhi Jayanti' },
  { date: '2026-12-25', name: 'Christmas' },
  { date: '2027-01-26', name: 'Republic Day' },
  { date: '2027-02-19', name: 'Chhatrapati Shivaji Maharaj Jayanti' },
  { date: '2027-03-26', name: 'Good Friday' },
  { date: '2027-04-14', name: 'Dr. Baba Saheb Ambedkar Jayanti' },
]

// ISO dates sort as plain strings; localeCompare here cost ~20 ms at page start (find budget).
const byDate = (a: { date: string }, b: { date: string }) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : 0

/** RBI/Mumbai holidays: G-sec, SDL and T-bill trades (NDS-OM, CCIL DvP-III) do not settle. */
export const RBI_MUMBAI: HolidayCalendar = {
  name: 'RBI/Mumbai (NI Act holidays in Mumbai)',
  conventions: ['GSEC', 'TBILL'],
  source:
    'NSE/BSE 2025 trading holiday list (exchange_calendars XBOM, from NSE and BSE) plus the 2025 ' +
    'Maharashtra NI-Act bank holidays on which the exchanges trade; 2026–2027 fixed-date holidays ' +
    'only. Check against RBI\'s "Holidays under NI Act, Mumbai" page before relying on a year.',
  completeYears: [2025],
  partialYears: [2026, 2027],
  holidays: [...EXCHANGE_2025, ...BANKS_ONLY_2025, ...FIXED_2026_2027].sort(byDate),
}

/** NSE Clearing settlement holidays: corporate bond trades (RFQ, OTC reporting) do not settle. */
export const NSE_CLEARING: HolidayCalendar = {
  name: 'NSE Clearing settlement holidays',
  conventions: ['CORPORATE'],
  source:
    'NSE 2025 trading holidays (exchange_calendars XBOM) plus Mumbai bank holidays, when the funds ' +
    'leg of DvP-I cannot settle; 2026–2027 fixed-date holidays only. Check against NSE ' +
    "Clearing's annual clearing-holiday circular before relying on a year.",
  completeYears: [2025],
  partialYears: [2026, 2027],
  holidays: [...EXCHANGE_2025, ...BANKS_ONLY_2025, ...FIXED_2026_2027].sort(byDate),
}
