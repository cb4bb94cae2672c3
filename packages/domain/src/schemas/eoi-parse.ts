// `POST api/eoi/parse/` (issue 21, private runs): a message or pasted run of desk chat in, the
// quotes the parser reads out, nothing posted. Bounds and messages are chosen (the spec shows
// none; docs/decisions/121-desk-chat-parser.md).
import { z } from './runtime.ts'
import { QUOTE_TYPES } from '../enums.ts'
import { strictShape } from './query.ts'

/** Most characters of a message or run the parser reads. */
export const EOI_PARSE_MAX_LENGTH = 8000

/** Most lines of a pasted run the parser reads. */
export const EOI_PARSE_MAX_LINES = 200

/** Messages of the parse request. */
export const EOI_PARSE_MESSAGES = {
  textRequired: 'Paste a message or a run to read',
  textTooLong: `A message to read is at most ${EOI_PARSE_MAX_LENGTH.toLocaleString('en-IN')} characters`,
  tooManyLines: `A run to read is at most ${EOI_PARSE_MAX_LINES} lines`,
} as const

/** The parse request: the text of one message or pasted run. */
export const eoiParseRequestSchema = strictShape({
  text: z
    .string({ error: EOI_PARSE_MESSAGES.textRequired })
    .max(EOI_PARSE_MAX_LENGTH, EOI_PARSE_MESSAGES.textTooLong)
    .refine((text) => text.trim() !== '', EOI_PARSE_MESSAGES.textRequired)
    .refine(
      (text) => text.split(/\r?\n/).length <= EOI_PARSE_MAX_LINES,
      EOI_PARSE_MESSAGES.tooManyLines,
    ),
  /** Read trades done ("Done 15 cr … @ 7.0395") as their terms too: a ticket's prefill. */
  deals: z.boolean({ error: 'Should be true or false' }).default(false),
})
/** A parse request. */
export type EoiParseRequest = z.output<typeof eoiParseRequestSchema>

/** One quote read from chat (yield a fraction, price clean per ₹100, quantum ₹ of face value). */
export const parsedQuoteSchema = z.object({
  isin: z.string().nullable(),
  finstrument_id: z.string().nullable(),
  /** The bond's name as the universe has it ("6.54% GS 2032"), when resolved. */
  display_name: z.string().nullable(),
  quote_type: z.enum(QUOTE_TYPES),
  yield: z.number().nullable(),
  price: z.number().nullable(),
  quantum: z.number().nullable(),
  settlement_delta: z.union([z.literal(0), z.literal(1)]).nullable(),
  confidence: z.number().min(0).max(1),
  auto: z.boolean(),
})
/** One parsed quote. */
export type ParsedQuote = z.output<typeof parsedQuoteSchema>

/** The parse answer: the quotes read, in the order of the text (none for a request or chatter). */
export const eoiParseResponseSchema = z.object({ quotes: z.array(parsedQuoteSchema) })
/** A parse answer. */
export type EoiParseResponse = z.output<typeof eoiParseResponseSchema>
