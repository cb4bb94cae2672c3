import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientRequestId, maskRecipient, redactUrl, serializeError } from './logging.ts'

describe('redactUrl', () => {
  it('replaces the values of secret and personal query parameters only', () => {
    expect(redactUrl('/auth/reset-password?uid=u1&token=abc')).toBe(
      '/auth/reset-password?uid=u1&token=[redacted]',
    )
    expect(redactUrl('/client/register?invite_code=xyz')).toBe(
      '/client/register?invite_code=[redacted]',
    )
    expect(redactUrl('/api/dev/outbox/?recipient=a%40b.in&x=1')).toBe(
      '/api/dev/outbox/?recipient=[redacted]&x=1',
    )
    expect(redactUrl('/api/x/?%74oken=abc')).toBe('/api/x/?%74oken=[redacted]')
    expect(redactUrl('/find?q=gs%202032')).toBe('/find?q=gs%202032')
    expect(redactUrl('/api/health/')).toBe('/api/health/')
  })
})

describe('maskRecipient', () => {
  it('keeps enough to tell messages apart, not the address', () => {
    expect(maskRecipient('dealer@demo.test')).toBe('d…@demo.test')
    expect(maskRecipient('9876543210')).toBe('…3210')
  })
})

describe('clientRequestId', () => {
  const of = (id: string | undefined) =>
    clientRequestId({ headers: id === undefined ? {} : { 'x-request-id': id } } as IncomingMessage)
  it('keeps a client id printable and short, or drops it', () => {
    expect(of('abc-123')).toBe('abc-123')
    expect(of('a\nb c')).toBe('abc')
    expect(of('x'.repeat(500))).toHaveLength(128)
    expect(of(undefined)).toBeUndefined()
    expect(of('\n')).toBeUndefined()
  })
})

describe('serializeError', () => {
  it('drops the fields that carry data and keeps the ones that say what failed', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "u"'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'u',
      detail: 'Key (email)=(a@b.in) already exists.',
      params: ['a@b.in', '$argon2id$secret'],
      query: 'insert into users …',
    })
    const error = Object.assign(
      new Error('Failed query: insert…\nparams: a@b.in,$argon2id$secret'),
      {
        query: 'insert into users values ($1, $2)',
        params: ['a@b.in', '$argon2id$secret'],
        cause,
      },
    )
    const logged = serializeError(error)
    const text = JSON.stringify(logged)
    expect(text).not.toContain('a@b.in')
    expect(text).not.toContain('argon2id')
    expect(logged).toMatchObject({
      message: 'Failed query: insert into users values ($1, $2)',
      cause: { code: '23505', constraint: 'u', message: cause.message },
    })
  })
})
