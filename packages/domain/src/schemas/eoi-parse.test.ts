import { describe, expect, it } from 'vitest'
import {
  EOI_PARSE_MAX_LENGTH,
  EOI_PARSE_MESSAGES as M,
  eoiParseRequestSchema,
  eoiParseResponseSchema,
} from './eoi-parse.ts'

const issues = (body: unknown) =>
  eoiParseRequestSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message])

describe('the parse request', () => {
  it('takes one message or a run of lines', () => {
    expect(eoiParseRequestSchema.parse({ text: '7.18 33 7.12/7.10\n7.26 33 7.09/7.07' })).toEqual({
      text: '7.18 33 7.12/7.10\n7.26 33 7.09/7.07',
      deals: false,
    })
    // A ticket reads a trade done as its terms.
    expect(eoiParseRequestSchema.parse({ text: 'Done 10 cr', deals: true }).deals).toBe(true)
  })

  it('refuses empty, missing, non-text, too long, too many lines and unknown fields', () => {
    expect(issues({ text: '  \n ' })).toEqual([['text', M.textRequired]])
    expect(issues({})).toEqual([['text', M.textRequired]])
    expect(issues({ text: 7 })).toEqual([['text', M.textRequired]])
    expect(issues({ text: 'x'.repeat(EOI_PARSE_MAX_LENGTH + 1) })).toEqual([
      ['text', 'A message to read is at most 8,000 characters'],
    ])
    expect(issues({ text: 'x\n'.repeat(200) })).toEqual([['text', M.tooManyLines]])
    expect(issues({ text: 'x', txet: 'y' })).toEqual([['', 'Unknown field: txet']])
  })
})

describe('the parse answer', () => {
  it('allows an unresolved bond and only T+0, T+1 or no settlement', () => {
    const quote = {
      isin: null,
      finstrument_id: null,
      display_name: null,
      quote_type: 'ASK',
      yield: 0.073,
      price: null,
      quantum: 100_000_000,
      settlement_delta: null,
      confidence: 0.5,
      auto: false,
    }
    expect(eoiParseResponseSchema.parse({ quotes: [quote] }).quotes).toHaveLength(1)
    expect(
      eoiParseResponseSchema.safeParse({ quotes: [{ ...quote, settlement_delta: 2 }] }).success,
    ).toBe(false)
    expect(
      eoiParseResponseSchema.safeParse({ quotes: [{ ...quote, confidence: 1.2 }] }).success,
    ).toBe(false)
  })
})
