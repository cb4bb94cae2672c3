import { describe, expect, it } from 'vitest'
import {
  networkListQuerySchema,
  offlineRecordCreateSchema,
  offlineRecordUpdateSchema,
  participantSearchQuerySchema,
  partnerAddSchema,
  unifiedSearchQuerySchema,
} from './network.ts'
import { memberUpdateSchema, tradeTimingsQuerySchema } from './trade-desk.ts'

const messages = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)

describe('participant search query', () => {
  it('reads the spec fields, with a default limit', () => {
    expect(
      participantSearchQuerySchema.parse({
        search_param: ' Demo ',
        exchange: 'nse',
        for_rfq: 'true',
      }),
    ).toEqual({ search_param: 'Demo', exchange: 'NSE', for_rfq: true, limit: 20 })
    expect(participantSearchQuerySchema.parse({})).toEqual({ limit: 20 })
  })

  it('starts searching at 3 characters; an empty search is no search', () => {
    expect(messages(participantSearchQuerySchema.safeParse({ search_param: 'de' }))).toEqual([
      'search_param: Type at least 3 characters to search',
    ])
    expect(participantSearchQuerySchema.parse({ search_param: '  ' })).toEqual({ limit: 20 })
  })

  it('refuses unknown fields by name, bad flags, exchanges and limits', () => {
    expect(messages(participantSearchQuerySchema.safeParse({ serch_param: 'demo' }))).toEqual([
      ': Unknown field: serch_param',
    ])
    expect(
      messages(
        participantSearchQuerySchema.safeParse({ exchange: 'MCX', for_rfq: 'yes', limit: '0' }),
      ),
    ).toEqual([
      'exchange: Exchange is one of NSE, BSE, NSCCL, ICCL',
      'for_rfq: Should be true or false',
      'limit: Limit is between 1 and 50',
    ])
    expect(messages(participantSearchQuerySchema.safeParse({ limit: '51' }))).toEqual([
      'limit: Limit is between 1 and 50',
    ])
  })

  it('refuses control characters and searches over 100 characters', () => {
    expect(messages(unifiedSearchQuerySchema.safeParse({ search_param: 'abc\u0000' }))).toEqual([
      'search_param: Should not contain control characters',
    ])
    expect(messages(unifiedSearchQuerySchema.safeParse({ search_param: 'a'.repeat(101) }))).toEqual(
      ['search_param: Search is at most 100 characters'],
    )
  })
})

describe('network list query', () => {
  it('reads the flags and bounds the page', () => {
    expect(networkListQuerySchema.parse({ is_partner: 'false', search: 'a' })).toEqual({
      is_partner: false,
      search: 'a',
      page: 1,
      page_size: 20,
    })
    expect(
      messages(networkListQuerySchema.safeParse({ page: '0', page_size: '101', offline: 'true' })),
    ).toEqual([
      'page: Page starts at 1',
      'page_size: Page size is between 1 and 100',
      ': Unknown field: offline',
    ])
    expect(messages(networkListQuerySchema.safeParse({ page: '20000' }))).toEqual([
      'page: Page is at most 10000',
    ])
  })
})

describe('network writes', () => {
  it('adds a partner by client id', () => {
    expect(partnerAddSchema.parse({ client_id: ' c1 ' })).toEqual({ client_id: 'c1' })
    expect(messages(partnerAddSchema.safeParse({}))).toEqual(['client_id: Client is required'])
  })

  it('records an offline counterparty with normalised codes and contact', () => {
    expect(
      offlineRecordCreateSchema.parse({
        name: ' Konkan Co-operative Bank ',
        nsccl_code: ' ab123 ',
        iccl_code: '',
        email: 'Treasury@Konkan.example',
        mobile: '+919820012345',
      }),
    ).toMatchObject({
      name: 'Konkan Co-operative Bank',
      nsccl_code: 'AB123',
      iccl_code: null,
      email: 'treasury@konkan.example',
      mobile: '9820012345',
    })
  })

  it('gives each offline field its message', () => {
    expect(
      messages(
        offlineRecordCreateSchema.safeParse({
          name: '',
          nsccl_code: 'AB-12',
          email: 'nope',
          mobile: '12345',
          fax: '1',
        }),
      ),
    ).toEqual([
      'name: Name is required',
      'nsccl_code: Use letters and digits only (up to 20)',
      'email: Please enter a valid email address.',
      'mobile: Please enter a valid Phone number.',
      ': Unknown field: fax',
    ])
  })

  it('changes some fields of an offline record; null clears, nothing is refused', () => {
    expect(offlineRecordUpdateSchema.parse({ email: null })).toMatchObject({ email: null })
    expect(messages(offlineRecordUpdateSchema.safeParse({}))).toEqual([': Nothing to change'])
    expect(messages(offlineRecordUpdateSchema.safeParse({ name: null }))).toEqual([
      'name: Name is required',
    ])
  })

  it('sets a member active or not, and nothing else', () => {
    expect(memberUpdateSchema.parse({ is_active: false })).toEqual({ is_active: false })
    expect(messages(memberUpdateSchema.safeParse({ is_active: 'no', can_trade: true }))).toEqual([
      'is_active: Should be true or false',
      ': Unknown field: can_trade',
    ])
    expect(messages(tradeTimingsQuerySchema.safeParse({ at: 'now' }))).toEqual([
      ': Unknown field: at',
    ])
  })
})
