// Validation messages of spec section 5, word for word; chosen ones (where the spec shows "-")
// are marked and explained in docs/decisions/005-validation-messages.md.

/** The messages the validation schemas use. */
export const VALIDATION_MESSAGES = {
  yieldRequired: 'Yield is required',
  priceRequired: 'Price is required',
  fieldRequired: 'This field is required',
  shouldBeNumber: 'Should be number',
  cannotBeNegative: 'Cannot be negative',
  yieldAbove100: 'Yield above 100%',
  priceBelow250: 'Should be less than 250',
  cannotBeZero: 'Cannot be zero',
  tradeTimeLater: 'Trade time cannot be later than the current time.',
  tradeTimeFormat: 'Please enter valid time in HH:MM 24-hour format',
  otpRequired: 'OTP is required',
  otpSixDigits: 'Must be 6 digits',
  pan: 'Please enter a valid PAN (10 Digits).',
  mobile: 'Please enter a valid Phone number.',
  email: 'Please enter a valid email address.',
  businessEmail: 'Enter a valid email ID.',
  pincode: 'Please enter a valid Pincode',
  accountNumber: 'Account number should have at least 10 digits.',
  ifsc: 'Please enter a valid IFSC Code (11 Digits).',
  gst: 'Please enter a valid GST Registration Number.',
  name: 'Should not contain special characters.',
  bothSettlement: 'Cannot provide both settlement date & delta',
  bothPriceYield: 'Cannot provide both price and yield',
  // Chosen here: the spec shows no message for these rules.
  priceRange: 'Price should be between 1 and 250',
  priceStep: 'Price can have at most 4 decimals',
  yieldTooLong: 'Should be at most 7 characters',
  quantumTooLong: 'Should be at most 12 digits',
  wholeUnits: 'Should be a whole number of units',
  boId: 'BO ID should be exactly 16 digits.',
  dpId: 'DP ID should be exactly 8 digits.',
  clientId: 'Client Id should be exactly 8 digits.',
  settlementDate: 'Please enter a valid date',
  dateRange: 'Date should be between 1900-01-01 and 9999-12-31',
  priceOrYieldNeeded: 'Provide a price or a yield',
  settlementNeeded: 'Provide a settlement date or delta',
} as const

export { requiredMessage } from './required-message.ts'

/** A validation issue as zod reports it. */
export interface FieldIssue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/** Field path (dotted, as the API's `fields` names it) → its first message, for a form. */
export function fieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const path = issue.path.map(String).join('.')
    errors[path] ??= issue.message
  }
  return errors
}
