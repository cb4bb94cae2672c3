// The venue simulator: the embedded default of the exchange port (decision 266). It follows the
// NSE RFQ and BSE RFQ platforms' rules as far as this product needs them: one session a business
// day of the exchange's (NSE Clearing / ICCL) calendar, 09:00–17:00 IST; sizes in whole units of
// the bond's face value, at least ₹1 lakh; prices in ticks of ₹0.0001 between ₹1 and ₹250 per
// ₹100, yields in ticks of 0.0001 % between 0.01 % and 50 %; settlement T+0 to T+2 on a business
// day. An RFQ may go to up to ten firms at once (one-to-many): each firm quotes its own leg, and a
// deal on one leg (or the initiator's withdrawal) closes the others (decision 329). Time comes from
// the injected clock, so tests are deterministic. The session's hours and days are the exchanges'
// unless demo mode or a test names others (`VENUE_SESSION`, decision 359).
import { RFQ_VENUE_NAMES, VENUE_MAX_RESPONDERS, type RfqExchange } from '@bonds/domain'
import { isBusinessDay, todayInIndia } from '@bonds/pricing'
import type { Clock } from '../../server-module.ts'
import type { ExchangePort, VenueAnswer, VenueSession, VenueStepKind, VenueTerms } from './port.ts'

/** The venues' session, IST. */
export const VENUE_HOURS = { open: '09:00', close: '17:00' } as const

/**
 * A session of the simulated venue: its hours IST ("HH:MM", a close of "24:00" is midnight) and
 * its days (the bond market's business days, or every day).
 */
export interface VenueSessionHours {
  open: string
  close: string
  days: 'business' | 'every'
}

/** The exchanges' own session: 09:00–17:00 IST on business days. */
export const EXCHANGE_SESSION: VenueSessionHours = { ...VENUE_HOURS, days: 'business' }

/** Least size of an RFQ, rupees of face value (₹1 lakh). */
export const VENUE_MIN_QUANTUM = 100_000

/** Most business days from trade to settlement on the venue. */
export const VENUE_MAX_SETTLEMENT_DAYS = 2

const minutesInIndia = (at: Date) => (at.getUTCHours() * 60 + at.getUTCMinutes() + 330) % 1440
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
const onTick = (value: number, perUnit: number) =>
  Math.abs(Math.round(value * perUnit) - value * perUnit) < 1e-6

/** Business days from `from` to `to` on a calendar (0 when the same day; -1 when before). */
function businessDaysBetween(terms: Pick<VenueTerms, 'convention'>, from: string, to: string) {
  if (to < from) return -1
  let days = 0
  let day = from
  while (day < to && days <= 31) {
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    if (isBusinessDay(terms.convention, day)) days += 1
  }
  return days
}

/**
 * The session of a venue at an instant: by default a business day of the bond market, 09:00–17:00
 * IST (the exchanges' own).
 */
export function venueSession(
  exchange: RfqExchange,
  at: Date,
  hours: VenueSessionHours = EXCHANGE_SESSION,
): VenueSession {
  void exchange // both venues keep the same hours today; a real adapter asks its exchange
  const minutes = minutesInIndia(at)
  const open =
    (hours.days === 'every' || isBusinessDay('CORPORATE', todayInIndia(at))) &&
    minutes >= minutesOf(hours.open) &&
    minutes < minutesOf(hours.close)
  return { open, hours: `${hours.open}–${hours.close} IST` }
}

/** Why the venue refuses these terms at `at`, or null when it takes them. */
export function venueRefusal(
  terms: VenueTerms,
  at: Date,
  hours: VenueSessionHours = EXCHANGE_SESSION,
): { reason: string; field?: string } | null {
  const name = RFQ_VENUE_NAMES[terms.exchange]
  const session = venueSession(terms.exchange, at, hours)
  if (!session.open) {
    const days = hours.days === 'every' ? 'every day' : 'on business days'
    return { reason: `${name} is closed: its session is ${session.hours} ${days}` }
  }
  const unit = terms.faceValue > 0 ? terms.faceValue : 100
  if (terms.quantum < VENUE_MIN_QUANTUM) {
    return { reason: `${name} takes at least ₹1 lakh of face value`, field: 'quantum' }
  }
  if (!onTick(terms.quantum / unit, 1)) {
    return {
      reason: `${name} takes whole bonds: the size must be a multiple of the face value ₹${unit.toLocaleString('en-IN')}`,
      field: 'quantum',
    }
  }
  if (terms.price !== null) {
    if (terms.price < 1 || terms.price > 250) {
      return { reason: `${name} takes prices from ₹1 to ₹250 per ₹100`, field: 'price' }
    }
    if (!onTick(terms.price, 1e4)) {
      return { reason: `${name} takes prices in ticks of ₹0.0001`, field: 'price' }
    }
  } else if (terms.yield !== null) {
    if (terms.yield < 0.0001 || terms.yield > 0.5) {
      return { reason: `${name} takes yields from 0.01 % to 50 %`, field: 'yield' }
    }
    if (!onTick(terms.yield * 100, 1e4)) {
      return { reason: `${name} takes yields in ticks of 0.0001 %`, field: 'yield' }
    }
  } else {
    return { reason: `${name} needs a price or a yield`, field: 'yield' }
  }
  const days = businessDaysBetween(terms, todayInIndia(at), terms.settlementDate)
  if (days < 0 || days > VENUE_MAX_SETTLEMENT_DAYS) {
    return { reason: `${name} settles from T+0 to T+2`, field: 'settlement_date' }
  }
  if (!isBusinessDay(terms.convention, terms.settlementDate)) {
    return { reason: `${name} settles on business days only`, field: 'settlement_date' }
  }
  return null
}

/** The venue's reference of an RFQ: exchange, trade date and our id ("NSE-RFQ-20261127-000012"). */
export function venueRef(exchange: RfqExchange, at: Date, localId: number): string {
  return `${exchange}-RFQ-${todayInIndia(at).replaceAll('-', '')}-${String(localId).padStart(6, '0')}`
}

/** The references of a one-to-many RFQ's legs: the RFQ's, then the firm's place ("…-000012-2"). */
export const venueLegs = (ref: string, responders: number): string[] =>
  Array.from({ length: responders }, (_, i) => `${ref}-${i + 1}`)

/**
 * The legs the venue closes at a step on one leg of a one-to-many RFQ: all the others at a deal
 * (one firm's quote is accepted, the RFQ is done) or at the initiator's withdrawal; none otherwise.
 */
export function venueClosing(kind: VenueStepKind, others: readonly string[]): string[] {
  return kind === 'accept' || kind === 'cancel' ? [...others] : []
}

/** The venue simulator over a clock, in the exchanges' session unless told another. */
export function simulatedVenue({
  now,
  hours = EXCHANGE_SESSION,
}: {
  now: Clock
  hours?: VenueSessionHours
}): ExchangePort {
  const answer = (terms: VenueTerms, ref: (at: Date) => string, check = true): VenueAnswer => {
    const at = now()
    const refusal = check ? venueRefusal(terms, at, hours) : null
    return refusal ? { ok: false, ...refusal } : { ok: true, ref: ref(at), at }
  }
  return {
    initiate: async (terms, localId, responders = 1) => {
      if (!Number.isInteger(responders) || responders < 1 || responders > VENUE_MAX_RESPONDERS) {
        return {
          ok: false,
          reason: `${RFQ_VENUE_NAMES[terms.exchange]} sends an RFQ to 1 to ${VENUE_MAX_RESPONDERS} firms`,
          field: 'counterparty_client_ids',
        }
      }
      const taken = answer(terms, (at) => venueRef(terms.exchange, at, localId))
      return taken.ok && responders > 1
        ? { ...taken, legs: venueLegs(taken.ref, responders) }
        : taken
    },
    // A cancel is taken whatever the terms (an RFQ can always be withdrawn before its deal).
    step: async (ref, kind, terms, others = []) => {
      const taken = answer(terms, () => ref, kind !== 'cancel')
      const closed = venueClosing(kind, others)
      return taken.ok && closed.length > 0 ? { ...taken, closed } : taken
    },
    session: (exchange, at) => venueSession(exchange, at, hours),
  }
}
