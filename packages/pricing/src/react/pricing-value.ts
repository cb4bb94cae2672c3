// The pricing input's value and the rules of spec §4, §5 and §9 as pure functions: which field is
// fixed after a keystroke, what the typed text means, and the other field computed from it.
import {
  PRICE_DECIMALS,
  PRICE_STEP,
  PRICE_YIELD_SWITCH_THRESHOLD,
  pricingPriceField,
  pricingYieldField,
  YIELD_DISPLAY_DECIMALS,
  YIELD_STORED_DECIMALS,
  type FixedField,
} from '@bonds/domain'
import { roundDecimal, roundTo } from '../index.ts'
import type { BondPricing } from './bond-pricing.ts'

/** What the pricing input holds: the fixed field and both numbers as stored and sent (spec §7). */
export interface PricingValue {
  /** The field the user typed; the other one is computed from it. */
  fixedField: FixedField
  /** Yield as a fraction with 6 decimals (0.071234 is 7.1234%); null when unknown or invalid. */
  bondYield: number | null
  /** Clean price per ₹100 with 4 decimals; null when unknown or invalid. */
  cleanPrice: number | null
}

/** An empty pricing input with the given field fixed (yield by default). */
export function emptyPricingValue(fixedField: FixedField = 'yield'): PricingValue {
  return { fixedField, bondYield: null, cleanPrice: null }
}

/** Keyboard step of each field: price 0.0001 (spec §9); yield one basis point, in percent. */
export const FIELD_STEP: Record<FixedField, number> = { price: PRICE_STEP, yield: 0.01 }

const NUMBER = /^-?(\d+\.?\d*|\.\d+)$/

/** The number a text holds, or null (for the threshold rule, before validation). */
function typedNumber(text: string): number | null {
  const trimmed = text.trim()
  return NUMBER.test(trimmed) ? Number(trimmed) : null
}

/**
 * The fixed field after the user typed `text` (spec §4, decision 004): above the threshold in yield
 * mode it is a price; at or below it in price mode it is a yield, unless such a price is plausible
 * for this bond. A bond that cannot be priced stays in yield mode.
 */
export function fixedFieldAfterTyping(
  fixedField: FixedField,
  text: string,
  pricing: Pick<BondPricing, 'priceable' | 'lowPricePlausible'>,
): FixedField {
  if (!pricing.priceable) return 'yield'
  const typed = typedNumber(text)
  if (typed === null) return fixedField
  if (fixedField === 'yield' && typed > PRICE_YIELD_SWITCH_THRESHOLD) return 'price'
  if (fixedField === 'price' && typed <= PRICE_YIELD_SWITCH_THRESHOLD && !pricing.lowPricePlausible)
    return 'yield'
  return fixedField
}

/** The typed text of a field checked with the domain schema: the stored number or the message. */
export type ParsedField = { ok: true; value: number } | { ok: false; error: string }

/** Parse the text of the fixed field: a yield in percent becomes a 6-decimal fraction. */
export function parseField(fixedField: FixedField, text: string): ParsedField {
  const schema = fixedField === 'yield' ? pricingYieldField : pricingPriceField
  const result = schema.safeParse(text)
  if (!result.success) return { ok: false, error: result.error.issues[0]?.message ?? '' }
  return fixedField === 'yield'
    ? { ok: true, value: roundTo(result.data / 100, YIELD_STORED_DECIMALS) }
    : { ok: true, value: roundTo(result.data, PRICE_DECIMALS) }
}

/** The number of the fixed field. */
export function fixedNumber(value: PricingValue): number | null {
  return value.fixedField === 'yield' ? value.bondYield : value.cleanPrice
}

/** A complete value from the fixed field and its number: the other field computed, or null. */
export function priceValue(
  fixedField: FixedField,
  fixed: number | null,
  pricing: BondPricing,
): PricingValue {
  if (fixedField === 'yield') {
    return {
      fixedField,
      bondYield: fixed,
      cleanPrice: fixed === null ? null : pricing.priceFor(fixed),
    }
  }
  return {
    fixedField,
    cleanPrice: fixed,
    bondYield: fixed === null ? null : pricing.yieldFor(fixed),
  }
}

/**
 * The value as the input shows it: yield fixed when the bond cannot be priced, the other field
 * computed from the fixed one (so a new settlement date re-prices it).
 */
export function resolveValue(value: PricingValue, pricing: BondPricing): PricingValue {
  const fixedField = pricing.priceable ? value.fixedField : 'yield'
  return priceValue(
    fixedField,
    fixedField === 'yield' ? value.bondYield : value.cleanPrice,
    pricing,
  )
}

/** The same value, field by field. */
export function sameValue(a: PricingValue, b: PricingValue): boolean {
  return (
    a.fixedField === b.fixedField && a.bondYield === b.bondYield && a.cleanPrice === b.cleanPrice
  )
}

/** A stored yield fraction as the percent the input shows, 4 decimals: 0.071234 → "7.1234". */
export function formatYieldPercent(bondYield: number): string {
  return roundDecimal(bondYield * 100, YIELD_DISPLAY_DECIMALS)
}

/** A price per ₹100 with 4 decimals. */
export function formatPrice(price: number): string {
  return roundDecimal(price, PRICE_DECIMALS)
}

/** The text the input shows for a value's fixed field ('' when it has none). */
export function formatFixed(value: PricingValue): string {
  const fixed = fixedNumber(value)
  if (fixed === null) return ''
  return value.fixedField === 'yield' ? formatYieldPercent(fixed) : formatPrice(fixed)
}

/** The text after one keyboard step up or down; unchanged when the text is not a number. */
export function stepText(fixedField: FixedField, text: string, direction: 1 | -1): string {
  const typed = typedNumber(text)
  if (typed === null) return text
  const decimals = fixedField === 'yield' ? YIELD_DISPLAY_DECIMALS : PRICE_DECIMALS
  return roundDecimal(roundTo(typed + direction * FIELD_STEP[fixedField], decimals), decimals)
}
