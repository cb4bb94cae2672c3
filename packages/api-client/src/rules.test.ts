import { describe, expect, it } from 'vitest'
import {
  bodyMessage,
  carriesStatus,
  CHATTER_TRADE_PATH,
  defaultRetryDelay,
  fileNameFromDisposition,
  isRetryableStatus,
  queryString,
  requestPath,
  resolveUrl,
  statusRetries,
  withStatus,
} from './rules.ts'

describe('requestPath', () => {
  it('drops the leading slash, query and hash and keeps the trailing slash', () => {
    expect(requestPath('api/chatter/trade/')).toBe('api/chatter/trade/')
    expect(requestPath('/api/clients/?search=x#top')).toBe('api/clients/')
    expect(requestPath('api/trade/timings')).toBe('api/trade/timings')
  })

  it('drops the origin and base path of an absolute URL', () => {
    expect(requestPath('https://x.test/api/token/')).toBe('api/token/')
    expect(requestPath('https://x.test/backend/api/token/', 'https://x.test/backend/')).toBe(
      'api/token/',
    )
    expect(requestPath('https://x.test/backend/api/token/', '/backend')).toBe('api/token/')
  })
})

describe('resolveUrl', () => {
  it('puts a path under the base URL with exactly one slash', () => {
    expect(resolveUrl('', 'api/client/')).toBe('/api/client/')
    expect(resolveUrl('/', '/api/client/')).toBe('/api/client/')
    expect(resolveUrl('https://x.test/', 'api/client/')).toBe('https://x.test/api/client/')
    expect(resolveUrl('https://x.test/backend', 'api/client/')).toBe(
      'https://x.test/backend/api/client/',
    )
  })

  it('keeps an absolute URL as it is', () => {
    expect(resolveUrl('/', 'https://other.test/x')).toBe('https://other.test/x')
  })

  it('adds the query, leaving out null and undefined and repeating arrays', () => {
    expect(
      resolveUrl('', 'api/clients/', {
        search: 'Demo & Co',
        is_partner: true,
        page: 2,
        skip: undefined,
        none: null,
        ids: [1, 2],
      }),
    ).toBe('/api/clients/?search=Demo+%26+Co&is_partner=true&page=2&ids=1&ids=2')
    expect(resolveUrl('', 'api/cluster/7/accept/?lsId=3', { x: 1 })).toBe(
      '/api/cluster/7/accept/?lsId=3&x=1',
    )
    expect(queryString({ a: undefined })).toBe('')
    expect(resolveUrl('', 'api/x/', {})).toBe('/api/x/')
  })
})

describe('retry rule (spec section 7, constants of section 9)', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('%i is retryable', (status) => {
    expect(isRetryableStatus(status)).toBe(true)
  })

  it.each([400, 401, 402, 403, 404, 410, 422, 501, 505])('%i is not retryable', (status) => {
    expect(isRetryableStatus(status)).toBe(false)
  })

  it('retries GET once and writes never', () => {
    expect(statusRetries('GET')).toBe(1)
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(statusRetries(method)).toBe(0)
    }
  })

  it('waits as Retry-After says (at most 10 s), else 300 ms', () => {
    expect(defaultRetryDelay(new Response(null, { headers: { 'retry-after': '2' } }))).toBe(2000)
    expect(defaultRetryDelay(new Response(null, { headers: { 'retry-after': '3600' } }))).toBe(
      10_000,
    )
    expect(
      defaultRetryDelay(
        new Response(null, { headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } }),
      ),
    ).toBe(300)
    expect(defaultRetryDelay(new Response(null))).toBe(300)
  })
})

describe('status into data rule', () => {
  it('applies to any 207 and to a 200 on POST to the chatter trade endpoint only', () => {
    expect(carriesStatus('GET', 'api/x/', 207)).toBe(true)
    expect(carriesStatus('PATCH', 'api/x/', 207)).toBe(true)
    expect(carriesStatus('POST', CHATTER_TRADE_PATH, 200)).toBe(true)
    expect(carriesStatus('GET', CHATTER_TRADE_PATH, 200)).toBe(false)
    expect(carriesStatus('POST', CHATTER_TRADE_PATH, 201)).toBe(false)
    expect(carriesStatus('POST', 'api/chatter/trade/manual-ticket/', 200)).toBe(false)
    expect(carriesStatus('POST', 'api/x/', 200)).toBe(false)
  })

  it('adds the status to an object and makes an empty answer { status }', () => {
    expect(withStatus({ id: 1, message: 'x' }, 207)).toEqual({ id: 1, message: 'x', status: 207 })
    expect(withStatus({ id: 1, status: 'OPEN' }, 200)).toEqual({ id: 1, status: 200 })
    expect(withStatus(undefined, 207)).toEqual({ status: 207 })
    expect(withStatus(null, 207)).toEqual({ status: 207 })
  })

  it('leaves values that cannot carry a field as they are', () => {
    expect(withStatus([1, 2], 207)).toEqual([1, 2])
    expect(withStatus('text', 207)).toBe('text')
  })

  it('reads the 207 message', () => {
    expect(bodyMessage({ message: '2 of 3 invites sent' })).toBe('2 of 3 invites sent')
    expect(bodyMessage({ message: ' ' })).toBeUndefined()
    expect(bodyMessage({ detail: 'x' })).toBeUndefined()
    expect(bodyMessage('x')).toBeUndefined()
  })
})

describe('fileNameFromDisposition', () => {
  it('reads a quoted, a bare and an RFC 5987 file name', () => {
    expect(fileNameFromDisposition('attachment; filename="IN0020210244-quote.pdf"')).toBe(
      'IN0020210244-quote.pdf',
    )
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf')
    expect(
      fileNameFromDisposition(
        `attachment; filename="fallback.pdf"; filename*=UTF-8''Bond%20details%20%E2%82%B9.pdf`,
      ),
    ).toBe('Bond details ₹.pdf')
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf')
  })

  it('keeps only the last path segment and answers null when no name is given', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd')
    expect(fileNameFromDisposition('attachment; filename=C:\\tmp\\x.pdf')).toBe('x.pdf')
    expect(fileNameFromDisposition('attachment')).toBeNull()
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull()
    expect(fileNameFromDisposition(null)).toBeNull()
  })
})

describe('edges a caller meets', () => {
  it('an absolute URL outside the base path keeps its whole path', () => {
    expect(requestPath('https://x.test/other/api/token/', 'https://x.test/backend/')).toBe(
      'other/api/token/',
    )
    // Starting with the base's letters is not being under it.
    expect(requestPath('https://x.test/backend2/api/token/', '/backend')).toBe(
      'backend2/api/token/',
    )
    expect(requestPath('https://x.test/api/token/', '/')).toBe('api/token/')
  })

  it('a relative path with a URL in its query stays relative', () => {
    expect(requestPath('api/go/?next=https://x.test/y')).toBe('api/go/')
    expect(resolveUrl('/backend/', 'api/go/?next=https://x.test/y', { page: 2 })).toBe(
      '/backend/api/go/?next=https://x.test/y&page=2',
    )
    expect(resolveUrl('https://x.test//', '//api/x/')).toBe('https://x.test/api/x/')
  })

  it('Retry-After: 0 repeats at once, a negative one waits the default', () => {
    const after = (value: string) =>
      defaultRetryDelay(new Response(null, { headers: { 'retry-after': value } }))
    expect(after('0')).toBe(0)
    expect(after('1.5')).toBe(1500)
    expect(after('10')).toBe(10_000)
    expect(after('-1')).toBe(300)
    // An empty header is no instruction: the default wait, not an immediate repeat.
    expect(after('')).toBe(300)
    expect(after('  ')).toBe(300)
  })

  it('a Content-Disposition that starts with filename=', () => {
    expect(fileNameFromDisposition('filename=report.pdf')).toBe('report.pdf')
    expect(fileNameFromDisposition('filename="a; b.pdf"')).toBe('a; b.pdf')
    expect(fileNameFromDisposition('attachment; myfilename=x.pdf')).toBeNull()
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A.pdf")).toBeNull()
    expect(
      fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A.pdf; filename=plain.pdf"),
    ).toBe('plain.pdf')
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''"quoted%20name.pdf"`)).toBe(
      'quoted name.pdf',
    )
    expect(fileNameFromDisposition('attachment; FILENAME = spaced.pdf ')).toBe('spaced.pdf')
  })

  it('a query of only empty values adds nothing, and lists repeat their key', () => {
    expect(resolveUrl('', 'api/x/', { a: null, b: undefined, c: [] })).toBe('/api/x/')
    expect(queryString({ flag: false, zero: 0, empty: '' })).toBe('flag=false&zero=0&empty=')
    expect(queryString({ ids: [1, null, 3] })).toBe('ids=1&ids=3')
  })

  it('the status goes into plain objects only, and only a non-empty text message warns', () => {
    expect(withStatus('', 207)).toEqual({ status: 207 })
    expect(withStatus(Object.create(null) as object, 207)).toEqual({ status: 207 })
    class Answer {
      id = 1
    }
    const answer = new Answer()
    expect(withStatus(answer, 207)).toBe(answer)
    expect(withStatus(0, 207)).toBe(0)
    expect(bodyMessage({ message: 42 })).toBeUndefined()
    expect(bodyMessage(null)).toBeUndefined()
    expect(bodyMessage([{ message: 'x' }])).toBeUndefined()
  })
})

describe('more edges', () => {
  it('a base path of several segments, with extra slashes', () => {
    expect(requestPath('https://x.test/a/b/api/x/', '/a/b/')).toBe('api/x/')
    expect(requestPath('https://x.test/a/b/api/x/', '//a/b//')).toBe('api/x/')
    expect(requestPath('https://x.test/a/b/api/x/', 'https://x.test/a/b//')).toBe('api/x/')
    expect(requestPath('//api/x/')).toBe('api/x/')
    expect(requestPath('https://x.test//api/token/')).toBe('api/token/')
  })

  it('file names with spaces around, a language tag, and spaces before the =', () => {
    expect(fileNameFromDisposition("attachment; filename* = UTF-8''a%20b.pdf")).toBe('a b.pdf')
    expect(fileNameFromDisposition("attachment; filename*=UTF-8'en'r%C3%A9sum%C3%A9.pdf")).toBe(
      'résumé.pdf',
    )
    expect(fileNameFromDisposition('attachment; filename=" spaced.pdf "')).toBe('spaced.pdf')
  })
})
