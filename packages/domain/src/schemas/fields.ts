// Field schemas of spec section 5. Form fields accept what an input holds (a string, or a number)
// and give the parsed value; every failure carries the spec's message.
import { z } from './runtime.ts'
import { VALIDATION_MESSAGES as M, requiredMessage } from './messages.ts'

const NUMERIC = /^-?(\d+\.?\d*|\.\d+)$/

interface NumberFieldOptions {
  required: string
  min?: { value: number; message: string; exclusive?: boolean }
  max?: { value: number; message: string }
  nonZero?: string
  maxLength?: { value: number; message: string }
  maxIntegerDigits?: { value: number; message: string }
  maxDecimals?: { value: number; message: string }
  /** Whole numbers only. */
  integer?: string
  /** Accept digit grouping as typed (1,00,000 or 100,000); the commas are dropped. */
  grouped?: boolean
}

/** Digits grouped by commas the Indian or the Western way, with optional decimals. */
const GROUPED = /^-?\d{1,3}(,\d{2})*,\d{3}(\.\d*)?$|^-?\d{1,3}(,\d{3})+(\.\d*)?$/

/** A numeric form field with the spec's messages, in the order a person would fix them. */
function numberField(options: NumberFieldOptions) {
  return z.union([z.string(), z.number()], { error: options.required }).transform((raw, ctx) => {
    const trimmed = typeof raw === 'number' ? String(raw) : raw.trim()
    const text = options.grouped && GROUPED.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: options.required })
      return z.NEVER
    }
    if (!NUMERIC.test(text) || !Number.isFinite(Number(text))) {
      ctx.addIssue({ code: 'custom', message: M.shouldBeNumber })
      return z.NEVER
    }
    const value = Number(text)
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    if (options.maxLength && typeof raw === 'string' && text.length > options.maxLength.value) {
      return fail(options.maxLength.message)
    }
    if (options.nonZero && value === 0) return fail(options.nonZero)
    if (
      options.min &&
      (options.min.exclusive ? value <= options.min.value : value < options.min.value)
    ) {
      return fail(options.min.message)
    }
    if (options.max && value > options.max.value) return fail(options.max.message)
    const [int = '', decimals = ''] = text.replace('-', '').split('.')
    if (
      options.maxIntegerDigits &&
      int.replace(/^0+(?=\d)/, '').length > options.maxIntegerDigits.value
    ) {
      return fail(options.maxIntegerDigits.message)
    }
    if (options.maxDecimals && decimals.length > options.maxDecimals.value) {
      return fail(options.maxDecimals.message)
    }
    if (options.integer && !Number.isInteger(value)) return fail(options.integer)
    return value
  })
}

/** Yield in the pricing input: required, a number (percent). */
export const pricingYieldField = numberField({ required: M.yieldRequired })

/** Price in the pricing input: required, 1 to 250, step 0.0001. */
export const pricingPriceField = numberField({
  required: M.priceRequired,
  min: { value: 1, message: M.priceRange },
  max: { value: 250, message: M.priceRange },
  maxDecimals: { value: 4, message: M.priceStep },
})

/** Yield in forms (percent): required, a number, 0 to 100, at most 7 characters. */
export const formYieldField = numberField({
  required: M.fieldRequired,
  maxLength: { value: 7, message: M.yieldTooLong },
  min: { value: 0, message: M.cannotBeNegative },
  max: { value: 100, message: M.yieldAbove100 },
})

/** Price in forms: required, a number, 0 to 250. */
export const formPriceField = numberField({
  required: M.fieldRequired,
  min: { value: 0, message: M.cannotBeNegative },
  max: { value: 250, message: M.priceBelow250 },
})

/** Price in forms where it is optional: empty means absent. */
export const optionalFormPriceField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  formPriceField.optional(),
)

const QUANTUM: NumberFieldOptions = {
  required: M.fieldRequired,
  nonZero: M.cannotBeZero,
  min: { value: 0, message: M.cannotBeNegative },
  maxIntegerDigits: { value: 12, message: M.quantumTooLong },
  grouped: true,
}

/**
 * Quantum (rupees of face value): required, not zero, not negative, at most 12 digits; grouped
 * digits as desks type them (1,00,00,000) are read.
 */
export const quantumField = numberField(QUANTUM)

/** A quantity in units (bonds trade whole): as the quantum, and a whole number. */
export const unitsField = numberField({ ...QUANTUM, integer: M.wholeUnits })

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/

/** Minutes since midnight in India (UTC+05:30, no daylight saving) at an instant. */
function minutesInIndia(at: Date): number {
  return (at.getUTCHours() * 60 + at.getUTCMinutes() + 330) % 1440
}

/**
 * Trade time HH:MM (24-hour, India's clock), not later than `now` (evaluated when validating),
 * whatever the time zone of the machine validating it (a server runs on UTC).
 */
export function tradeTimeField(now: () => Date = () => new Date()) {
  return z.string({ error: requiredMessage('Trade time') }).superRefine((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage('Trade time') })
      return
    }
    if (!HHMM.test(value)) {
      ctx.addIssue({ code: 'custom', message: M.tradeTimeFormat })
      return
    }
    const [hours = 0, minutes = 0] = value.split(':').map(Number)
    if (hours * 60 + minutes > minutesInIndia(now())) {
      ctx.addIssue({ code: 'custom', message: M.tradeTimeLater })
    }
  })
}

/** Login OTP: required, exactly 6 digits. */
export const otpField = z
  .string({ error: M.otpRequired })
  .min(1, M.otpRequired)
  .regex(/^\d{6}$/, M.otpSixDigits)

/** PAN: 5 capital letters, 4 digits, 1 capital letter. */
export const panField = z.string({ error: M.pan }).regex(/^[A-Z]{5}\d{4}[A-Z]$/, M.pan)

/** Indian mobile: optional +91 or 91, then 6–9 and nine digits. */
export const mobileField = z.string({ error: M.mobile }).regex(/^(\+91|91)?[6-9]\d{9}$/, M.mobile)

/** Email address. */
export const emailField = z.string({ error: M.email }).trim().pipe(z.email(M.email))

/** Business email address (its own message). */
export const businessEmailField = z
  .string({ error: M.businessEmail })
  .trim()
  .pipe(z.email(M.businessEmail))

/** Pincode: six characters. */
export const pincodeField = z.string({ error: M.pincode }).length(6, M.pincode)

/** Bank account number: at least 10 digits. */
export const accountNumberField = z
  .string({ error: M.accountNumber })
  .regex(/^\d{10,}$/, M.accountNumber)

/** IFSC: 4 alphanumerics, a zero, 6 alphanumerics. */
export const ifscField = z.string({ error: M.ifsc }).regex(/^[A-Z0-9]{4}0[A-Z0-9]{6}$/, M.ifsc)

/** GSTIN: state code, PAN, entity number, Z, check character. */
export const gstField = z
  .string({ error: M.gst })
  .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, M.gst)

/** Demat BO ID: exactly 16 digits. */
export const boIdField = z.string({ error: M.boId }).regex(/^\d{16}$/, M.boId)

/** DP ID: exactly 8 digits. */
export const dpIdField = z.string({ error: M.dpId }).regex(/^\d{8}$/, M.dpId)

/** Depository client id: exactly 8 digits. */
export const depositoryClientIdField = z.string({ error: M.clientId }).regex(/^\d{8}$/, M.clientId)

/** A person's name: letters and spaces only. */
export const nameField = z.string({ error: M.name }).regex(/^[A-Za-z ]+$/, M.name)

/** Any required text field, with the "{field} is required" message. */
export function requiredText(field: string) {
  return z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, requiredMessage(field))
}

/** Earliest year a date may have (older ones are typing mistakes, and break date arithmetic). */
export const MIN_DATE_YEAR = 1900
/** Latest year a date may have (four digits). */
export const MAX_DATE_YEAR = 9999

/** Whether text is an ISO calendar date (YYYY-MM-DD) that exists; any year of four digits. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Whether text is an ISO date that exists, from MIN_DATE_YEAR to MAX_DATE_YEAR. */
export function isBoundedIsoDate(value: string): boolean {
  const year = Number(value.slice(0, 4))
  return isIsoDate(value) && year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR
}

/** An ISO calendar date (YYYY-MM-DD) that exists, in the years 1900–9999. */
export const isoDateField = z
  .string({ error: M.settlementDate })
  .refine(isIsoDate, { message: M.settlementDate, abort: true })
  .refine(isBoundedIsoDate, M.dateRange)

/** Settlement date: required, a date. */
export const settlementDateField = z
  .string({ error: requiredMessage('Settlement date') })
  .min(1, requiredMessage('Settlement date'))
  .pipe(isoDateField)

/** A yield as stored and sent: a fraction with at most 6 decimals, 0 to 1 (100%). */
export const storedYield = z
  .number({ error: M.shouldBeNumber })
  .min(0, M.cannotBeNegative)
  .max(1, M.yieldAbove100)
  .refine((v) => Math.abs(Math.round(v * 1e6) - v * 1e6) < 1e-6, 'Yield has at most 6 decimals')

/** A clean price per ₹100 as sent: 0 to 250, at most 4 decimals. */
export const storedPrice = z
  .number({ error: M.shouldBeNumber })
  .min(0, M.cannotBeNegative)
  .max(250, M.priceBelow250)
  .refine((v) => Math.abs(Math.round(v * 1e4) - v * 1e4) < 1e-6, M.priceStep)

/** The words a password needs; checked on the client and again on the server. */
export const PASSWORD_RULE_MESSAGE =
  'Password should have at least 8 characters, with a letter and a digit'

/** A new password: 8 to 128 characters with at least one letter and one digit. */
export const newPasswordField = z
  .string({ error: requiredMessage('Password') })
  .min(1, requiredMessage('Password'))
  .max(128, 'Password should have at most 128 characters')
  .refine((value) => value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value), {
    message: PASSWORD_RULE_MESSAGE,
  })
