import { describe, expect, it } from 'vitest'
import { newPasswordField, PASSWORD_RULE_MESSAGE } from './fields.ts'
import {
  changePasswordSchema,
  credentialsRequestSchema,
  inviteRegistrationSchema,
  inviteRequestSchema,
  otpSignInSchema,
  passwordSignInSchema,
} from './auth.ts'
import { fieldErrors } from './messages.ts'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('auth schemas', () => {
  it('password sign-in checks the e-mail with the spec message', () => {
    expect(firstMessage(passwordSignInSchema.safeParse({ email: 'x', password: 'y' }))).toBe(
      'Please enter a valid email address.',
    )
    expect(firstMessage(passwordSignInSchema.safeParse({ email: 'a@b.in', password: '' }))).toBe(
      'Password is required',
    )
  })

  it('OTP sign-in needs six digits and a contact', () => {
    expect(firstMessage(otpSignInSchema.safeParse({ email: 'a@b.in', otp: '12' }))).toBe(
      'Must be 6 digits',
    )
    expect(firstMessage(otpSignInSchema.safeParse({ otp: '123456' }))).toBe('Email is required')
    expect(otpSignInSchema.safeParse({ mobile: '+919876543210', otp: '123456' }).success).toBe(true)
  })

  it('new passwords need 8 characters with a letter and a digit, and must match', () => {
    expect(newPasswordField.safeParse('short1').success).toBe(false)
    expect(firstMessage(newPasswordField.safeParse('onlyletters'))).toBe(PASSWORD_RULE_MESSAGE)
    expect(newPasswordField.safeParse('Letters123').success).toBe(true)
    const mismatch = changePasswordSchema.safeParse({
      new_password1: 'Letters123',
      new_password2: 'Letters124',
    })
    expect(firstMessage(mismatch)).toBe('Passwords do not match')
  })

  it('invitations need a known role', () => {
    expect(inviteRequestSchema.safeParse({ email: 'a@b.in', roles: ['root'] }).success).toBe(false)
    expect(firstMessage(inviteRequestSchema.safeParse({ email: 'a@b.in', roles: [] }))).toBe(
      'Role is required',
    )
  })

  it('credentials name each missing field', () => {
    expect(
      firstMessage(
        credentialsRequestSchema.safeParse({
          participant_code: ' ',
          username: 'u',
          password: 'p',
          corp: 'NSCCL',
        }),
      ),
    ).toBe('Participant code is required')
  })
})

describe('fieldErrors', () => {
  it('keeps the first message of each dotted path, in order', () => {
    const parsed = inviteRegistrationSchema.safeParse({
      invite_code: 'c',
      pan: 'bad',
      identity: { first_name: 'A1', last_name: '' },
      client_type: 'CORP',
      corporate_identity: { name: 'X' },
      contact: { email: 'nope', mobile: '123' },
    })
    expect(parsed.success).toBe(false)
    const errors = fieldErrors(parsed.error?.issues ?? [])
    expect(errors.pan).toBe('Please enter a valid PAN (10 Digits).')
    expect(errors['identity.first_name']).toBe('Should not contain special characters.')
    expect(errors['contact.email']).toBe('Please enter a valid email address.')
    expect(errors['contact.mobile']).toBe('Please enter a valid Phone number.')
  })
})
