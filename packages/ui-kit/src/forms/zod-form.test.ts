import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { serverFieldErrorsOf, zodFormValidate } from './zod-form.ts'

describe('zodFormValidate', () => {
  const schema = z.object({
    name: z.string().min(1, 'Name is required'),
    contact: z.object({ email: z.email('Please enter a valid email address.') }),
  })

  it('gives each field the first message of the schema, nested by path', () => {
    expect(zodFormValidate(schema)({ name: '', contact: { email: 'x' } })).toEqual({
      name: 'Name is required',
      'contact.email': 'Please enter a valid email address.',
    })
  })

  it('gives nothing for valid values', () => {
    expect(zodFormValidate(schema)({ name: 'A', contact: { email: 'a@b.in' } })).toEqual({})
  })
})

describe('serverFieldErrorsOf', () => {
  it('reads the fields of an API error body, and nothing from anything else', () => {
    expect(
      serverFieldErrorsOf({ statusCode: 400, fields: { name: 'Name is required', x: 1 } }),
    ).toEqual({ name: 'Name is required' })
    expect(serverFieldErrorsOf(null)).toEqual({})
    expect(serverFieldErrorsOf('text')).toEqual({})
  })
})
