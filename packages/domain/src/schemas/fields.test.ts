import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  accountNumberField,
  boIdField,
  businessEmailField,
  depositoryClientIdField,
  dpIdField,
  emailField,
  formPriceField,
  formYieldField,
  gstField,
  ifscField,
  mobileField,
  nameField,
  optionalFormPriceField,
  otpField,
  panField,
  pincodeField,
  pricingPriceField,
  pricingYieldField,
  quantumField,
  requiredText,
  unitsField,
  settlementDateField,
  tradeTimeField,
} from './fields.ts'

/** The first message of a failed parse, or null when it passes. */
function error(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value)
  return result.success ? null : (result.error.issues[0]?.message ?? 'no message')
}

describe('pricing input', () => {
  it('yield: required, a number', () => {
    expect(error(pricingYieldField, '7.12')).toBeNull()
    expect(error(pricingYieldField, '')).toBe('Yield is required')
    expect(error(pricingYieldField, undefined)).toBe('Yield is required')
    expect(error(pricingYieldField, 'abc')).toBe('Should be number')
  })
  it('price: required, 1 to 250, step 0.0001', () => {
    expect(pricingPriceField.parse('101.2345')).toBe(101.2345)
    expect(error(pricingPriceField, '')).toBe('Price is required')
    expect(error(pricingPriceField, '0.5')).toBe('Price should be between 1 and 250')
    expect(error(pricingPriceField, '250.01')).toBe('Price should be between 1 and 250')
    expect(error(pricingPriceField, '100.12345')).toBe('Price can have at most 4 decimals')
  })
})

describe('forms', () => {
  it('yield: required, number, not negative, at most 100, up to 7 characters', () => {
    expect(formYieldField.parse('7.1234')).toBe(7.1234)
    expect(error(formYieldField, '')).toBe('This field is required')
    expect(error(formYieldField, 'x1')).toBe('Should be number')
    expect(error(formYieldField, '-1')).toBe('Cannot be negative')
    expect(error(formYieldField, '100.5')).toBe('Yield above 100%')
    expect(error(formYieldField, '7.123456')).toBe('Should be at most 7 characters')
  })
  it('price: required, number, 0 to 250; optional variant', () => {
    expect(formPriceField.parse('99.5')).toBe(99.5)
    expect(error(formPriceField, '')).toBe('This field is required')
    expect(error(formPriceField, '251')).toBe('Should be less than 250')
    expect(error(formPriceField, '-2')).toBe('Cannot be negative')
    expect(optionalFormPriceField.parse('')).toBeUndefined()
    expect(error(optionalFormPriceField, '300')).toBe('Should be less than 250')
  })
  it('quantum: required, not zero, not negative, at most 12 digits', () => {
    expect(quantumField.parse('50000000')).toBe(50_000_000)
    expect(error(quantumField, '')).toBe('This field is required')
    expect(error(quantumField, '0')).toBe('Cannot be zero')
    expect(error(quantumField, '-5')).toBe('Cannot be negative')
    expect(error(quantumField, '1234567890123')).toBe('Should be at most 12 digits')
    expect(error(quantumField, 'lots')).toBe('Should be number')
    expect(quantumField.parse('1,00,00,000')).toBe(10_000_000)
    expect(quantumField.parse('10,000,000.5')).toBe(10_000_000.5)
    expect(error(quantumField, '1,0,0')).toBe('Should be number')
  })
  it('units: as the quantum, whole', () => {
    expect(unitsField.parse('1,00,000')).toBe(100_000)
    expect(error(unitsField, '1.5')).toBe('Should be a whole number of units')
    expect(error(unitsField, '0')).toBe('Cannot be zero')
  })
  it('trade time: HH:MM 24-hour, not later than now', () => {
    // 09:00 UTC is 14:30 in India: the rule reads India's clock on a UTC server too.
    const field = tradeTimeField(() => new Date('2026-11-22T09:00:00Z'))
    expect(error(field, '14:30')).toBeNull()
    expect(error(field, '09:05')).toBeNull()
    expect(error(field, '14:31')).toBe('Trade time cannot be later than the current time.')
    expect(error(field, '24:00')).toBe('Please enter valid time in HH:MM 24-hour format')
    expect(error(field, '9:5')).toBe('Please enter valid time in HH:MM 24-hour format')
    expect(error(field, '')).toBe('Trade time is required')
    // 20:00 UTC is 01:30 the next morning in India.
    const night = tradeTimeField(() => new Date('2026-11-22T20:00:00Z'))
    expect(error(night, '01:30')).toBeNull()
    expect(error(night, '01:31')).toBe('Trade time cannot be later than the current time.')
  })
  it('login OTP: required, 6 digits', () => {
    expect(error(otpField, '123456')).toBeNull()
    expect(error(otpField, '')).toBe('OTP is required')
    expect(error(otpField, '12345')).toBe('Must be 6 digits')
    expect(error(otpField, '12345a')).toBe('Must be 6 digits')
  })
})

describe('identity and bank fields', () => {
  it.each([
    [panField, 'ABCDE1234F', 'abcde1234f', 'Please enter a valid PAN (10 Digits).'],
    [mobileField, '+919876543210', '5876543210', 'Please enter a valid Phone number.'],
    [emailField, 'dealer@demo.test', 'dealer@', 'Please enter a valid email address.'],
    [businessEmailField, 'ops@firm.co.in', 'ops at firm', 'Enter a valid email ID.'],
    [pincodeField, '400001', '40001', 'Please enter a valid Pincode'],
    [
      accountNumberField,
      '1234567890',
      '123456789',
      'Account number should have at least 10 digits.',
    ],
    [ifscField, 'HDFC0001234', 'HDFC1001234', 'Please enter a valid IFSC Code (11 Digits).'],
    [
      gstField,
      '27AAPFU0939F1ZV',
      '27AAPFU0939F1V',
      'Please enter a valid GST Registration Number.',
    ],
    [boIdField, '1234567890123456', '123456789012345', 'BO ID should be exactly 16 digits.'],
    [dpIdField, '12345678', '1234567', 'DP ID should be exactly 8 digits.'],
    [depositoryClientIdField, '87654321', '8765432a', 'Client Id should be exactly 8 digits.'],
    [nameField, 'Asha Rao', 'Asha-Rao', 'Should not contain special characters.'],
  ] as const)(
    '%#: valid passes, invalid fails with the spec message',
    (schema, valid, invalid, message) => {
      expect(error(schema, valid)).toBeNull()
      expect(error(schema, invalid)).toBe(message)
    },
  )
  it('accepts a mobile with 91 and without a prefix', () => {
    expect(error(mobileField, '919876543210')).toBeNull()
    expect(error(mobileField, '6876543210')).toBeNull()
  })
  it('says "{field} is required" for any required field', () => {
    expect(error(requiredText('First name'), '  ')).toBe('First name is required')
    expect(error(requiredText('First name'), undefined)).toBe('First name is required')
  })
  it('settlement date: required and a real date', () => {
    expect(error(settlementDateField, '2026-11-23')).toBeNull()
    expect(error(settlementDateField, '')).toBe('Settlement date is required')
    expect(error(settlementDateField, '2026-02-30')).toBe('Please enter a valid date')
    expect(error(settlementDateField, '2026-13-45')).toBe('Please enter a valid date')
    expect(error(settlementDateField, '0001-01-01')).toBe(
      'Date should be between 1900-01-01 and 9999-12-31',
    )
    expect(error(settlementDateField, '1899-12-31')).toBe(
      'Date should be between 1900-01-01 and 9999-12-31',
    )
    expect(error(settlementDateField, '1900-01-01')).toBeNull()
    expect(error(settlementDateField, '9999-12-31')).toBeNull()
  })
})
