// The consideration of a trade: what the buyer pays for a face amount at a clean price, with the
// accrued interest at settlement and the charges, in whole paise. Money is never a binary float
// (bond-math.md §1): the price and the accrued interest are read as decimals and multiplied as
// integers, and each amount is rounded once, half away from zero, to the paisa.
import { PricingError } from './errors.ts'
import { roundDecimal } from './rounding.ts'

/** A rate as an exact fraction (a binary float cannot hold 0.0001 %). */
export interface Rate {
  numerator: bigint
  denominator: bigint
}

/**
 * Stamp duty on the transfer of debt securities: 0.0001 % of the consideration, paid by the buyer
 * (Indian Stamp Act 1899, Schedule I, Article 62(c), as amended by the Finance Act 2019, in force
 * from 1 July 2020; collected by the exchanges, clearing corporations and depositories).
 */
export const STAMP_DUTY_DEBT: Rate = { numerator: 1n, denominator: 1_000_000n }

/** What a trade's consideration is computed from. */
export interface ConsiderationInput {
  /** Face amount traded (the quantum), whole rupees. */
  faceAmount: number
  /** Clean price per ₹100 face, up to 4 decimals (as quoted). */
  cleanPrice: number
  /** Accrued interest per ₹100 face at the settlement date, unrounded (negative ex-interest). */
  accruedPer100: number
  /** Brokerage in rupees, up to 2 decimals; none by default. */
  brokerage?: number
  /** Stamp duty rate; the current rate for debt securities by default. */
  stampDuty?: Rate
}

/** The amounts of a trade, each in whole paise (safe integers up to ₹90 lakh crore). */
export interface Consideration {
  /** Face × clean price / 100. */
  principal: number
  /** Face × accrued interest / 100 (negative when the trade is ex-interest). */
  accruedInterest: number
  /** Principal plus accrued interest: the amount that moves against the securities. */
  consideration: number
  /** Stamp duty on the consideration, paid by the buyer. */
  stampDuty: number
  brokerage: number
  /** What the buyer pays: the consideration plus stamp duty and brokerage. */
  total: number
}

/** The integer and scale of a decimal string ("101.2345" → 1012345n, 4). */
function scaled(text: string): { units: bigint; scale: number } {
  const [int = '0', frac = ''] = text.replace('-', '').split('.')
  const units = BigInt(int + frac) * (text.startsWith('-') ? -1n : 1n)
  return { units, scale: frac.length }
}

/** n / d rounded half away from zero (d > 0). */
function divideRounded(n: bigint, d: bigint): bigint {
  const magnitude = n < 0n ? -n : n
  const q = magnitude / d
  const rounded = (magnitude % d) * 2n >= d ? q + 1n : q
  return n < 0n ? -rounded : rounded
}

function paise(value: bigint): number {
  const n = Number(value)
  if (!Number.isSafeInteger(n)) throw new PricingError('INVALID_TERMS', 'amount too large')
  return n
}

/** The consideration of a trade, to the paisa. */
export function tradeConsideration(input: ConsiderationInput): Consideration {
  const { faceAmount, cleanPrice, accruedPer100 } = input
  if (!Number.isSafeInteger(faceAmount) || faceAmount <= 0) {
    throw new PricingError('INVALID_TERMS', 'face amount must be a whole number of rupees above 0')
  }
  if (!Number.isFinite(cleanPrice) || cleanPrice <= 0) {
    throw new PricingError('PRICE_OUT_OF_RANGE', 'clean price must be above 0')
  }
  if (!Number.isFinite(accruedPer100)) {
    throw new PricingError('INVALID_TERMS', 'accrued interest must be a number')
  }
  const face = BigInt(faceAmount)
  // Face × price / 100 rupees = face × price paise.
  const price = scaled(roundDecimal(cleanPrice, 4))
  const principal = divideRounded(face * price.units, 10n ** BigInt(price.scale))
  const accrued = scaled(roundDecimal(accruedPer100, 10))
  const interest = divideRounded(face * accrued.units, 10n ** BigInt(accrued.scale))
  const consideration = principal + interest
  const rate = input.stampDuty ?? STAMP_DUTY_DEBT
  const stamp = divideRounded(consideration * rate.numerator, rate.denominator)
  const brokerageInput = input.brokerage ?? 0
  if (!Number.isFinite(brokerageInput) || brokerageInput < 0) {
    throw new PricingError('INVALID_TERMS', 'brokerage cannot be negative')
  }
  const brokerage = scaled(roundDecimal(brokerageInput, 2)).units
  return {
    principal: paise(principal),
    accruedInterest: paise(interest),
    consideration: paise(consideration),
    stampDuty: paise(stamp),
    brokerage: paise(brokerage),
    total: paise(consideration + stamp + brokerage),
  }
}

/** Whole paise as rupees with 2 decimals ("12345678.90"), for storing and sending. */
export function paiseToRupees(amount: number): string {
  const sign = amount < 0 ? '-' : ''
  const abs = Math.abs(amount)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
