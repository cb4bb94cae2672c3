import { describe, expect, it } from 'vitest'
import { COUNTER_RFQ_ISSUE_OPTIONS, isSupportFileUrl, REPORT_ISSUE_CONTEXTS } from '../support.ts'
import { clientErrorReportSchema, supportTicketRequestSchema } from './support.ts'

const FILE = 'http://bonds.test/ext/public/files/0b6f1f5e-8d4a-4c1e-9b7a-2f4e5d6c7b8a.png'

describe('supportTicketRequestSchema', () => {
  it('takes the spec’s three fields, and attachments that are this product’s uploads', () => {
    const parsed = supportTicketRequestSchema.parse({
      ticket_type_id: 1,
      contacts: [{ email: 'a@b.test', name: 'A' }],
      ticket_attributes: { context: 'pricing_cashflow', attachments: [FILE] },
    })
    expect(parsed.ticket_attributes.attachments).toEqual([FILE])
  })

  it('refuses unknown fields, naming them', () => {
    const result = supportTicketRequestSchema.safeParse({ ticket_type_id: 1, urgent: true })
    expect(result.error?.issues[0]?.message).toBe('Unknown field: urgent')
  })

  it('refuses attachments from elsewhere and lists in other attributes', () => {
    const outside = supportTicketRequestSchema.safeParse({
      ticket_type_id: 1,
      ticket_attributes: { attachments: ['https://evil.test/x.png'] },
    })
    expect(outside.error?.issues[0]?.path).toEqual(['ticket_attributes', 'attachments'])
    const list = supportTicketRequestSchema.safeParse({
      ticket_type_id: 1,
      ticket_attributes: { issues: ['a'] },
    })
    expect(list.error?.issues[0]?.path).toEqual(['ticket_attributes', 'issues'])
  })

  it('needs an access request to name its form type', () => {
    const result = supportTicketRequestSchema.safeParse({ ticket_type_id: 4 })
    expect(result.error?.issues[0]?.message).toBe('Form type is required')
  })
})

describe('support constants', () => {
  it('recognises upload URLs only by their path and unguessable name', () => {
    expect(isSupportFileUrl(FILE)).toBe(true)
    expect(isSupportFileUrl('/ext/public/files/../../etc/passwd')).toBe(false)
    expect(isSupportFileUrl('http://bonds.test/ext/public/files/x.png')).toBe(false)
  })

  it('gives the counter-RFQ form only the price/yield and Others choices', () => {
    expect(REPORT_ISSUE_CONTEXTS.counter_rfq.options).toEqual(COUNTER_RFQ_ISSUE_OPTIONS)
    expect(COUNTER_RFQ_ISSUE_OPTIONS).toEqual(['Price/yield seems incorrect', 'Others'])
    expect(REPORT_ISSUE_CONTEXTS.pricing_cashflow.options).toHaveLength(4)
  })

  it('bounds a client error report', () => {
    expect(clientErrorReportSchema.safeParse({ message: 'x'.repeat(2001), url: '/' }).success).toBe(
      false,
    )
    expect(clientErrorReportSchema.parse({ message: 'x', url: '/' }).source).toBe('window')
  })
})
