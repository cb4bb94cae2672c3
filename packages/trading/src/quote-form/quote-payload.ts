// A quote as a desk enters it, into the spec's EOI create payload (section 3): yield in percent or
// a clean price (one fixed, never both), settlement T+0/T+1/T+2 or a date (never both), quantum in
// crores, validity in minutes. Checked with the domain's schema, so a form shows the server's
// messages before it sends anything (decision 263).
import {
  eoiCreateSchema,
  MARKET_MESSAGES,
  fieldErrors,
  type EoiCreatePayload,
  type FixedField,
  type QuoteType,
} from '@bonds/domain'

/** Rupees in one crore. */
export const CRORE = 1_00_00_000

/** Settlement choices: T+0, T+1, T+2, or a date. */
export const SETTLEMENT_CHOICES = ['0', '1', '2', 'date'] as const
/** One settlement choice. */
export type SettlementChoice = (typeof SETTLEMENT_CHOICES)[number]

/** Validities a desk picks from, minutes (null: until the market's close). */
export const VALIDITY_CHOICES: readonly { minutes: number | null; label: string }[] = [
  { minutes: 1, label: '1 minute' },
  { minutes: 5, label: '5 minutes' },
  { minutes: 15, label: '15 minutes' },
  { minutes: 30, label: '30 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: null, label: 'Until the close' },
]

/** A quote as the form holds it. */
export interface QuoteDraft {
  finstrumentId: string | null
  side: QuoteType
  fixedField: FixedField
  /** Yield in percent (7.12) or clean price per ₹100, as typed (a number or its text); null when empty. */
  level: number | string | null
  settlement: SettlementChoice
  /** YYYY-MM-DD when `settlement` is a date. */
  date: string
  /** Crores of face value, as typed; null when empty. */
  crores: number | string | null
  validityMinutes: number | null
  /**
   * The price is overridden (only a user holding the price-override permission): the price and
   * the yield are both sent as typed, `level` the fixed field's and `otherLevel` the other's.
   */
  overridden: boolean
  /** With an override, the other number as typed (a price, or a yield in percent); null when empty. */
  otherLevel: number | string | null
}

/** An empty draft: an offer, by yield, T+1, until the close. */
export function emptyDraft(patch: Partial<QuoteDraft> = {}): QuoteDraft {
  return {
    finstrumentId: null,
    side: 'ASK',
    fixedField: 'yield',
    level: null,
    settlement: '1',
    date: '',
    crores: null,
    validityMinutes: null,
    overridden: false,
    otherLevel: null,
    ...patch,
  }
}

/** The number a field holds (a number, or text as typed: "7." is 7), or null when empty or not one. */
export function typedNumber(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (value == null || value.trim() === '') return null
  const parsed = Number(value.replaceAll(',', ''))
  return Number.isFinite(parsed) ? parsed : null
}

/** Crores to rupees of face value (whole rupees). */
export function croresToRupees(crores: number): number {
  return Math.round(crores * CRORE)
}

/** A yield typed in percent as the stored fraction (6 decimals). */
export function percentToFraction(percent: number): number {
  return Math.round(percent * 10_000) / 1_000_000
}

/** The create payload of a draft, or the field messages that stop it. */
export function quotePayload(
  draft: QuoteDraft,
):
  | { payload: EoiCreatePayload; errors?: undefined }
  | { payload?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const level = typedNumber(draft.level)
  const crores = typedNumber(draft.crores)
  if (!draft.finstrumentId) errors.finstrument_id = 'Choose a bond'
  if (level === null) {
    errors[draft.fixedField === 'yield' ? 'yield_stored' : 'unit_price_stored'] =
      draft.fixedField === 'yield' ? 'Yield is required' : 'Price is required'
  }
  const other = draft.overridden ? typedNumber(draft.otherLevel) : null
  if (draft.overridden && level !== null && other === null) {
    errors[draft.fixedField === 'yield' ? 'unit_price_stored' : 'yield_stored'] =
      MARKET_MESSAGES.overrideNeedsBoth
  }
  if (crores === null) errors.quantum = 'Quantum is required'
  if (draft.settlement === 'date' && !draft.date) errors.settlement = 'Settlement date is required'
  if (Object.keys(errors).length > 0) return { errors }
  // Stryker disable next-line ConditionalExpression,LogicalOperator,ObjectLiteral: unreachable (both are null only with an error set above); it narrows their types
  if (level === null || crores === null) return { errors }
  const body = {
    finstrument_id: draft.finstrumentId as string,
    quote_type: draft.side,
    fixed_field: draft.fixedField,
    quantum: croresToRupees(crores),
    ...(draft.fixedField === 'yield'
      ? { yield_stored: percentToFraction(level) }
      : { unit_price_stored: level }),
    // An override sends the other number as typed too (the server stores both, decision 260).
    ...(draft.overridden && other !== null
      ? {
          price_overridden: true,
          ...(draft.fixedField === 'yield'
            ? { unit_price_stored: other }
            : { yield_stored: percentToFraction(other) }),
        }
      : {}),
    ...(draft.settlement === 'date'
      ? { settlement: draft.date }
      : { settlement_delta: Number(draft.settlement) }),
    ...(draft.validityMinutes ? { validity: draft.validityMinutes } : {}),
  }
  const checked = eoiCreateSchema.safeParse(body)
  if (!checked.success) return { errors: fieldErrors(checked.error.issues) }
  return { payload: checked.data }
}
