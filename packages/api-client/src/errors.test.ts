import { MESSAGES } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { ApiError, errorToastText, firstFieldError, isApiError, isApiErrorBody } from './errors.ts'

const body = (fields?: Record<string, string>) => ({
  statusCode: 400,
  error: 'Bad Request',
  message: fields ? Object.values(fields)[0] : 'Bad request',
  ...(fields ? { fields } : {}),
})

describe('ApiError message (spec section 8)', () => {
  it('reads "[METHOD] url: status statusText"', () => {
    const error = new ApiError({
      method: 'get',
      url: '/api/client/',
      status: 404,
      statusText: 'Not Found',
    })
    expect(error.message).toBe('[GET] /api/client/: 404 Not Found')
    expect(error.name).toBe('ApiError')
    expect(error).toBeInstanceOf(Error)
    expect(isApiError(error)).toBe(true)
    expect(isApiError(new Error('x'))).toBe(false)
  })

  it('drops an empty status text (HTTP/2)', () => {
    expect(new ApiError({ method: 'POST', url: '/api/x/', status: 500 }).message).toBe(
      '[POST] /api/x/: 500',
    )
  })

  it('reads "<no response>" without a response', () => {
    const cause = new TypeError('fetch failed')
    const error = new ApiError({ method: 'PUT', url: '/api/x/', cause })
    expect(error.message).toBe('[PUT] /api/x/: <no response>')
    expect(error.status).toBeUndefined()
    expect(error.cause).toBe(cause)
    expect(error.body).toBeNull()
  })

  it('exposes the body and its field messages', () => {
    const error = new ApiError({
      method: 'POST',
      url: '/api/x/',
      status: 400,
      body: body({ pan: 'Please enter a valid PAN (10 Digits).', email: 'Invalid' }),
    })
    expect(isApiErrorBody(error.body)).toBe(true)
    expect(error.fields).toEqual({ pan: 'Please enter a valid PAN (10 Digits).', email: 'Invalid' })
    expect(new ApiError({ method: 'GET', url: '/x', status: 500, body: 'oops' }).fields).toEqual({})
  })
})

describe('firstFieldError', () => {
  it('takes the first field of `fields`, in order', () => {
    expect(firstFieldError(body({ quantum: 'Cannot be zero', pan: 'PAN' }))).toBe('Cannot be zero')
  })

  it('accepts a list of messages per field', () => {
    expect(firstFieldError({ fields: { email: ['Enter a valid email', 'x'] } })).toBe(
      'Enter a valid email',
    )
  })

  it('is undefined without fields', () => {
    expect(firstFieldError(body())).toBeUndefined()
    expect(firstFieldError({ fields: {} })).toBeUndefined()
    expect(firstFieldError({ fields: ['x'] })).toBeUndefined()
    expect(firstFieldError('text')).toBeUndefined()
    expect(firstFieldError(null)).toBeUndefined()
  })
})

describe('errorToastText (spec section 8)', () => {
  it('a 4xx body gives the first field error', () => {
    expect(errorToastText({ status: 400, body: body({ otp: 'Please enter a valid OTP' }) })).toBe(
      'Please enter a valid OTP',
    )
    expect(errorToastText({ status: 409, body: { fields: { eoi: 'Already closed' } } })).toBe(
      'Already closed',
    )
  })

  it('a 4xx body without a field error gives "Something went wrong!"', () => {
    expect(errorToastText({ status: 403, body: body() })).toBe(MESSAGES.generic4xx)
    expect(errorToastText({ status: 404, body: '<html>Not found</html>' })).toBe(
      'Something went wrong!',
    )
  })

  it('a 4xx with an empty body gives the generic text', () => {
    for (const empty of [null, undefined, '', '  ', {}]) {
      expect(errorToastText({ status: 400, body: empty })).toBe(MESSAGES.genericError)
    }
  })

  it('a non-4xx response or no response gives "Something went wrong, Please try again."', () => {
    expect(errorToastText({ status: 500, body: body({ x: 'field' }) })).toBe(
      'Something went wrong, Please try again.',
    )
    expect(errorToastText({ status: 503, body: null })).toBe(MESSAGES.genericError)
    expect(errorToastText({ status: undefined, body: null })).toBe(MESSAGES.genericError)
  })
})

describe('edges a caller meets', () => {
  it('keeps the method upper-cased, an empty status text and no cause unless given', () => {
    const error = new ApiError({ method: 'get', url: '/api/x/' })
    expect(error.method).toBe('GET')
    expect(error.statusText).toBe('')
    expect(error.body).toBeNull()
    expect('cause' in error).toBe(false)
    const cause = new TypeError('fetch failed')
    expect(new ApiError({ method: 'GET', url: '/api/x/', cause }).cause).toBe(cause)
  })

  it('knows the API error shape only when all three fields have their types', () => {
    const full = { statusCode: 400, error: 'Bad Request', message: 'x' }
    expect(isApiErrorBody(full)).toBe(true)
    expect(isApiErrorBody({ ...full, statusCode: '400' })).toBe(false)
    expect(isApiErrorBody({ ...full, error: 1 })).toBe(false)
    expect(isApiErrorBody({ ...full, message: null })).toBe(false)
    expect(isApiErrorBody(null)).toBe(false)
    expect(isApiErrorBody('Bad Request')).toBe(false)
  })

  it('reads field errors: the first of a list, skipping empty and non-text ones', () => {
    const fields = (value: unknown) => ({
      statusCode: 400,
      error: 'E',
      message: 'm',
      fields: value,
    })
    expect(
      new ApiError({ method: 'POST', url: '/x', body: fields({ a: ['first', 'second'] }) }).fields,
    ).toEqual({
      a: 'first',
    })
    expect(
      new ApiError({ method: 'POST', url: '/x', body: fields({ a: ' ', b: 3, c: 'ok', d: [] }) })
        .fields,
    ).toEqual({ c: 'ok' })
    expect(new ApiError({ method: 'POST', url: '/x', body: fields(['a']) }).fields).toEqual({})
    expect(new ApiError({ method: 'POST', url: '/x', body: fields(null) }).fields).toEqual({})
    expect(new ApiError({ method: 'POST', url: '/x', body: 'text' }).fields).toEqual({})
    expect(firstFieldError(fields({ a: '', b: 'second' }))).toBe('second')
  })

  it('toasts the 4xx texts only for 400 to 499, and a body that is only a number is not empty', () => {
    const withField = body({ isin: 'ISIN is required' })
    expect(errorToastText({ status: 400, body: withField })).toBe('ISIN is required')
    expect(errorToastText({ status: 499, body: withField })).toBe('ISIN is required')
    expect(errorToastText({ status: 399, body: withField })).toBe(MESSAGES.genericError)
    expect(errorToastText({ status: 500, body: withField })).toBe(MESSAGES.genericError)
    expect(errorToastText({ body: withField })).toBe(MESSAGES.genericError)
    expect(errorToastText({ status: 400, body: 5 })).toBe(MESSAGES.generic4xx)
    expect(errorToastText({ status: 400, body: {} })).toBe(MESSAGES.genericError)
    expect(errorToastText({ status: 400, body: { detail: 'x' } })).toBe(MESSAGES.generic4xx)
  })
})
